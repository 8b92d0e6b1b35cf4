import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { ApprovalBody } from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';
import { errorMessage } from '../../../lib/api-error';
import { useApiMutation } from '../../../lib/mutations';
import { useRunOnce } from '../../../lib/use-run-once';
import { useServerForm } from '../../../lib/use-server-form';
import { PageFrame } from '../../../app/PageFrame';
import { TextAreaField } from '../../../ui/fields';

type Outcome = { ok: boolean; message: string };

/** /users/approval/{token}/{action}: a signup manager approves (on load) or rejects (with a reason). */
export function AccountApprovalPage() {
  const { token = '', action = '' } = useParams();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const isReject = action === 'reject';

  // The outcome, failure included, is the page's text: no banner.
  const approve = useApiMutation(API.account.approval, {
    loader: true,
    handlesErrors: true,
    onSuccess: (answer) => setOutcome({ ok: answer.success, message: answer.message }),
    onError: (error) => setOutcome({ ok: false, message: errorMessage(error) }),
  });
  useRunOnce(() => {
    if (!isReject) approve.mutate({ params: { token, action }, body: {} });
  });

  return (
    <PageFrame title={isReject ? 'Reject User' : 'Approve User'}>
      {outcome && (
        <div className={outcome.ok ? 'notice notice-success' : 'notice notice-warning'} role="status">
          {outcome.message}
        </div>
      )}
      {!outcome && !isReject && <div className="spinner" aria-hidden="true" />}
      {isReject && !outcome && <RejectForm token={token} action={action} onDone={setOutcome} />}
    </PageFrame>
  );
}

function RejectForm({ token, action, onDone }: { token: string; action: string; onDone: (outcome: Outcome) => void }) {
  const {
    register,
    submitWith,
    formState: { errors, isSubmitting },
  } = useServerForm(ApprovalBody, {
    fields: ['note'],
    onOtherError: (error) => onDone({ ok: false, message: errorMessage(error) }),
  });
  const reject = useApiMutation(API.account.approval, {
    loader: true,
    handlesErrors: true,
    onSuccess: (answer) => onDone({ ok: answer.success, message: answer.message }),
  });
  const onSubmit = submitWith((values) => reject.mutateAsync({ params: { token, action }, body: values }));

  return (
    <form className="card narrow" onSubmit={onSubmit} noValidate>
      <p>Tell the applicant why the registration is rejected. The reason is included in the e-mail they receive.</p>
      <TextAreaField label="Reason" rows={6} error={errors.note} {...register('note')} />
      <div className="form-actions">
        <button type="submit" className="button button-danger" disabled={isSubmitting}>
          Reject User
        </button>
      </div>
    </form>
  );
}
