import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { MESSAGES, routePath, type CaseDetail } from '@casebridge/contracts';
import { API } from '../../lib/api-routes';
import { useApiMutation } from '../../lib/mutations';
import { alerts } from '../../app/alerts-store';
import { useConfirm } from '../../ui/modal-store';
import { EngineerModal } from './EngineerModal';
import './cases.css';

type OpenModal = 'response' | 'submission' | null;

/**
 * The case's own action buttons (close, update the response or the submission; the feed's are FeedActions); which
 * ones show is the server's decision (controls, by status and side). What an action changes comes back as a live
 * entry of the case (the page applies it), so nothing is read again here.
 */
export function CaseControls({ detail }: { detail: CaseDetail }) {
  const { controls, token } = detail;
  const navigate = useNavigate();
  const confirm = useConfirm();
  const [modal, setModal] = useState<OpenModal>(null);
  const closeCase = useApiMutation(API.cases.close, {
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
  const caseActions = controls.can_close || controls.can_update_response || controls.can_update_submission;
  if (!controls.visible || !caseActions) return null;

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
      {(modal === 'response' || modal === 'submission') && (
        <EngineerModal detail={detail} side={modal} onClose={() => setModal(null)} onSaved={done} />
      )}
    </div>
  );
}
