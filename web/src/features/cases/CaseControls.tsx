import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { caseApi, MESSAGES, routePath, type CaseDetail } from '@casebridge/contracts';
import { useApiMutation } from '../../lib/mutations';
import { alerts } from '../../app/alerts-store';
import { useConfirm } from '../../ui/modal-store';
import { EngineerModal } from './EngineerModal';
import { NoteModal } from './NoteModal';
import { UploadModal } from './UploadModal';
import './cases.css';

type OpenModal = 'response' | 'submission' | 'note' | 'upload' | null;

/**
 * The case's action buttons; which ones show is the server's decision (controls, by status and side). What an
 * action changes comes back as a live entry of the case (the page applies it), so nothing is read again here.
 */
interface CaseControlsProps {
  detail: CaseDetail;
  /** Tells the other viewers (presence) while the note form is open. */
  onWritingNote?: (writing: boolean) => void;
}

export function CaseControls({ detail, onWritingNote }: CaseControlsProps) {
  const { controls, token } = detail;
  const navigate = useNavigate();
  const confirm = useConfirm();
  const [modal, setModal] = useState<OpenModal>(null);
  const closeCase = useApiMutation(caseApi.close, {
    loader: true,
    // The spec's landing page, with a word on what happened there.
    onSuccess: () => {
      alerts.flash(`Case ${detail.internal_case_number} closed.`, 'success');
      void navigate(routePath('dashboard'));
    },
    // A fixed text, not the server's: the case could not be closed, whatever the reason.
    handlesErrors: true,
    onError: () => alerts.show(MESSAGES.closeFailed, 'danger'),
  });
  const writingNote = modal === 'note';
  useEffect(() => {
    if (!onWritingNote) return;
    onWritingNote(writingNote);
    return () => onWritingNote(false);
    // Only the open/closed state of the note form matters, not the callback's identity.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [writingNote]);
  if (!controls.visible) return null;

  const onClose = async () => {
    const yes = await confirm('Is the collaboration on this case complete?', {
      title: 'Close Case',
      confirmLabel: MESSAGES.closeConfirmYes,
      cancelLabel: MESSAGES.closeConfirmNo,
    });
    if (yes) closeCase.mutate({ params: { token }, body: { token } });
  };

  const done = () => setModal(null);

  return (
    <div className="case-controls" role="group" aria-label="Case actions">
      {controls.can_close && (
        <button type="button" className="button" onClick={() => void onClose()}>
          Close Case
        </button>
      )}
      {controls.can_update_response && (
        <button type="button" className="button button-secondary" onClick={() => setModal('response')}>
          Update Response
        </button>
      )}
      {controls.can_update_submission && (
        <button type="button" className="button button-secondary" onClick={() => setModal('submission')}>
          Update Submission
        </button>
      )}
      {controls.can_add_note && (
        <button type="button" className="button button-secondary" onClick={() => setModal('note')}>
          Add Note
        </button>
      )}
      {controls.can_upload && (
        <button type="button" className="button button-secondary" onClick={() => setModal('upload')}>
          Upload File
        </button>
      )}

      {(modal === 'response' || modal === 'submission') && (
        <EngineerModal detail={detail} side={modal} onClose={() => setModal(null)} onSaved={done} />
      )}
      {modal === 'note' && <NoteModal token={token} onClose={() => setModal(null)} onSaved={done} />}
      {modal === 'upload' && <UploadModal token={token} onClose={() => setModal(null)} onUploaded={done} />}
    </div>
  );
}
