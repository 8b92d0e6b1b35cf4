import { useState } from 'react';
import { API } from '../lib/api-routes';
import { queryErrorText, useApiQuery } from '../lib/queries';
import { Modal } from './Modal';
import { RichText } from './RichText';

/** An ⓘ button that reads the help hint `flag` when pressed and shows it in a modal. */
export function HelpHint({ flag, label }: { flag: string; label: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="help-hint-button" aria-label={`Help: ${label}`} onClick={() => setOpen(true)}>
        <span aria-hidden="true" className="help-hint-icon">
          i
        </span>
      </button>
      {open && <HintModal flag={flag} label={label} onClose={() => setOpen(false)} />}
    </>
  );
}

/** Mounted while open, so the hint is asked for only once the button is pressed. */
function HintModal({ flag, label, onClose }: { flag: string; label: string; onClose: () => void }) {
  const hint = useApiQuery(API.dashboard.helpHint, { params: { flag } });
  return (
    <Modal title={hint.data ? hint.data.title : label} onClose={onClose}>
      {hint.isPending && <p className="muted">Loading…</p>}
      {hint.isError && !hint.data && <p>{queryErrorText(hint.error)}</p>}
      {hint.data && <RichText html={hint.data.content} />}
    </Modal>
  );
}
