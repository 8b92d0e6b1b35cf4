import { useRef, useState } from 'react';
import type { BackOfficeQueue } from '@casebridge/contracts';
import { alerts } from '../../app/alerts-store';
import { errorMessage } from '../../lib/api-error';
import { useQueueVersion } from '../../lib/live';
import { useAsync } from '../../lib/use-async';
import { withLoader } from '../../ui/modal-store';

/**
 * A queue list that reloads after each decision and live when the server announces a change of that queue.
 * Rows stay on screen while a reload runs, so the table does not flash empty.
 */
export function useLiveQueue<Row>(queue: BackOfficeQueue, load: () => Promise<Row[]>) {
  const [version, setVersion] = useState(0);
  const liveVersion = useQueueVersion(queue);
  const state = useAsync(load, [version, liveVersion]);
  const shown = useRef<Row[]>([]);
  if (state.status === 'ready') shown.current = state.data;
  return {
    rows: shown.current,
    error: state.status === 'failed' ? state.error : null,
    firstLoad: state.status === 'loading' && version === 0 && liveVersion === 0,
    reload: () => setVersion((value) => value + 1),
  };
}

/** Approves or rejects one registration and shows the server's answer; true when it was approved. */
export async function decideRegistration(send: () => Promise<{ success: boolean; message: string }>): Promise<boolean> {
  try {
    const answer = await withLoader(send());
    alerts.show(answer.message, answer.success ? 'success' : 'warning');
    return answer.success;
  } catch (error) {
    alerts.show(errorMessage(error), 'warning');
    return false;
  }
}

/** The Approve and Reject buttons of a queued registration. */
export function DecisionButtons({ name, onDecide }: { name: string; onDecide: (approve: boolean) => void }) {
  return (
    <div className="row-actions">
      <button
        type="button"
        className="button button-small"
        aria-label={`Approve ${name}`}
        onClick={() => onDecide(true)}
      >
        Approve
      </button>
      <button
        type="button"
        className="button button-danger button-small"
        aria-label={`Reject ${name}`}
        onClick={() => onDecide(false)}
      >
        Reject
      </button>
    </div>
  );
}
