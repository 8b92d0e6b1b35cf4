import { useState } from 'react';
import { dashboardApi } from '@casebridge/contracts';
import { call } from '../lib/api';
import { errorMessage } from '../lib/api-error';
import { Modal } from './Modal';
import { RichText } from './RichText';

type HintState =
  { status: 'loading' } | { status: 'ready'; title: string; content: string } | { status: 'failed'; error: string };

/** An ⓘ button that fetches the help hint `flag` when pressed and shows it in a modal. */
export function HelpHint({ flag, label }: { flag: string; label: string }) {
  const [hint, setHint] = useState<HintState | null>(null);

  const open = () => {
    setHint({ status: 'loading' });
    call(dashboardApi.helpHint, { params: { flag } }).then(
      (answer) => setHint({ status: 'ready', title: answer.title, content: answer.content }),
      (error: unknown) => setHint({ status: 'failed', error: errorMessage(error) }),
    );
  };

  return (
    <>
      <button type="button" className="help-hint-button" aria-label={`Help: ${label}`} onClick={open}>
        <span aria-hidden="true" className="help-hint-icon">
          i
        </span>
      </button>
      {hint && (
        <Modal title={hint.status === 'ready' ? hint.title : label} onClose={() => setHint(null)}>
          {hint.status === 'loading' && <p className="muted">Loading…</p>}
          {hint.status === 'failed' && <p>{hint.error}</p>}
          {hint.status === 'ready' && <RichText html={hint.content} />}
        </Modal>
      )}
    </>
  );
}
