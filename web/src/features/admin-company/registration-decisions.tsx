import { adminCompanyApi, superAdminUsersApi, type ResponseOf } from '@casebridge/contracts';
import { alerts } from '../../app/alerts-store';
import { errorMessage } from '../../lib/api-error';
import { apiKey, queryClient, queryErrorText, useApiQuery } from '../../lib/queries';
import { withLoader } from '../../ui/modal-store';

type RegistrationQueueEndpoint = typeof adminCompanyApi.registrationQueue | typeof superAdminUsersApi.registrationQueue;

/**
 * A registration queue, kept current by its live rows (lib/live-lists): a registration arriving, or decided by mail
 * link or by another admin, changes the cached queue without a request. `settle` drops a row decided here at once.
 */
export function useRegistrationQueue<E extends RegistrationQueueEndpoint>(endpoint: E) {
  const query = useApiQuery(endpoint);
  const settle = (id: number) =>
    queryClient.setQueryData<{ queue: { id: number }[] }>(apiKey(endpoint), (answer) =>
      answer ? { queue: answer.queue.filter((row) => row.id !== id) } : answer,
    );
  return {
    rows: (query.data?.queue ?? []) as ResponseOf<E>['queue'],
    error: query.isError ? queryErrorText(query.error) : null,
    firstLoad: query.isPending,
    settle,
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
