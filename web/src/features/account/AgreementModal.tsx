import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { AgreementBody, API, MESSAGES } from '@casebridge/contracts';
import { call } from '../../lib/api';
import { errorMessage } from '../../lib/api-error';
import { applyServerErrors } from '../../lib/form-errors';
import { alerts } from '../../app/alerts-store';
import { useSession } from '../../app/session-store';
import { Modal } from '../../ui/Modal';
import { CheckboxField } from '../../ui/fields';
import { withLoader } from '../../ui/modal-store';

type AgreementInput = z.input<typeof AgreementBody>;
type AgreementValues = z.output<typeof AgreementBody>;

/** Opened after login when the privacy policy must be (re)accepted (force_update_agreement). */
export function AgreementModal() {
  const setUser = useSession((state) => state.setUser);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AgreementInput, unknown, AgreementValues>({ resolver: zodResolver(AgreementBody) });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await withLoader(call(API.account.agreement, { body: values }));
      setUser(answer.user);
      alerts.show(MESSAGES.profileUpdated, 'success');
    } catch (error) {
      if (!applyServerErrors(error, setError, ['agree_confirm'])) alerts.show(errorMessage(error), 'warning');
    }
  });

  return (
    <Modal title="Privacy Policy">
      <form onSubmit={onSubmit} noValidate>
        <p>Our privacy policy has changed. Please read and accept it to continue using Casebridge.</p>
        <CheckboxField
          label="I agree to the terms of the privacy policy."
          error={errors.agree_confirm}
          {...register('agree_confirm')}
        />
        <div className="form-actions">
          <button type="submit" className="button" disabled={isSubmitting}>
            Continue
          </button>
        </div>
      </form>
    </Modal>
  );
}
