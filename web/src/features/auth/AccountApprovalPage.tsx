import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useParams } from 'react-router-dom';
import type { z } from 'zod';
import { API, ApprovalBody } from '@casebridge/contracts';
import { call } from '../../lib/api';
import { errorMessage } from '../../lib/api-error';
import { applyServerErrors } from '../../lib/form-errors';
import { useRunOnce } from '../../lib/use-run-once';
import { PageFrame } from '../../app/PageFrame';
import { TextAreaField } from '../../ui/fields';
import { withLoader } from '../../ui/modal-store';

type Outcome = { ok: boolean; message: string };

/** /users/approval/{token}/{action}: a signup manager approves (on load) or rejects (with a reason). */
export function AccountApprovalPage() {
  const { token = '', action = '' } = useParams();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const isReject = action === 'reject';

  useRunOnce(async () => {
    if (isReject) return;
    try {
      const answer = await withLoader(call(API.account.approval, { params: { token, action }, body: {} }));
      setOutcome({ ok: answer.success, message: answer.message });
    } catch (error) {
      setOutcome({ ok: false, message: errorMessage(error) });
    }
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

type RejectInput = z.input<typeof ApprovalBody>;
type RejectValues = z.output<typeof ApprovalBody>;

function RejectForm({ token, action, onDone }: { token: string; action: string; onDone: (outcome: Outcome) => void }) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RejectInput, unknown, RejectValues>({ resolver: zodResolver(ApprovalBody) });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await withLoader(call(API.account.approval, { params: { token, action }, body: values }));
      onDone({ ok: answer.success, message: answer.message });
    } catch (error) {
      if (!applyServerErrors(error, setError, ['note'])) onDone({ ok: false, message: errorMessage(error) });
    }
  });

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
