import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { API, ForgotPasswordBody } from '@casebridge/contracts';
import { call } from '../../lib/api';
import { errorMessage } from '../../lib/api-error';
import { applyServerErrors } from '../../lib/form-errors';
import { alerts } from '../../app/alerts-store';
import { Modal } from '../../ui/Modal';
import { TextField } from '../../ui/fields';
import { withLoader } from '../../ui/modal-store';

type ForgotInput = z.input<typeof ForgotPasswordBody>;
type ForgotValues = z.output<typeof ForgotPasswordBody>;

/** Mails a reset link: success closes the modal with the message; a failure is a warning (spec 1 §8). */
export function ForgotPasswordModal({ onClose }: { onClose: () => void }) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ForgotInput, unknown, ForgotValues>({ resolver: zodResolver(ForgotPasswordBody) });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { message } = await withLoader(call(API.auth.forgotPassword, { body: values }));
      alerts.show(message, 'success');
      onClose();
    } catch (error) {
      if (!applyServerErrors(error, setError, ['email'])) alerts.show(errorMessage(error), 'warning');
    }
  });

  return (
    <Modal title="Forgot Password" onClose={onClose}>
      <form onSubmit={onSubmit} noValidate>
        <p>Enter the e-mail address of your account and we will send you a link to reset your password.</p>
        <TextField label="Email" type="email" autoComplete="email" error={errors.email} {...register('email')} />
        <div className="form-actions">
          <button type="submit" className="button" disabled={isSubmitting}>
            Send Reset Link
          </button>
          <button type="button" className="button button-secondary" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Modal>
  );
}
