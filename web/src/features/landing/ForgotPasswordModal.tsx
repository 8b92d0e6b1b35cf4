import { API, ForgotPasswordBody } from '@casebridge/contracts';
import { call } from '../../lib/api';
import { useServerForm } from '../../lib/use-server-form';
import { alerts } from '../../app/alerts-store';
import { Modal } from '../../ui/Modal';
import { CancelButton, SubmitActions } from '../../ui/SubmitActions';
import { TextField } from '../../ui/fields';
import { withLoader } from '../../ui/modal-store';

/** Mails a reset link: success closes the modal with the message; a failure is a warning (spec 1 §8). */
export function ForgotPasswordModal({ onClose }: { onClose: () => void }) {
  const {
    register,
    submitWith,
    formState: { errors, isSubmitting },
  } = useServerForm(ForgotPasswordBody, { fields: ['email'] });

  const onSubmit = submitWith(async (values) => {
    const { message } = await withLoader(call(API.auth.forgotPassword, { body: values }));
    alerts.show(message, 'success');
    onClose();
  });

  return (
    <Modal title="Forgot Password" onClose={onClose}>
      <form onSubmit={onSubmit} noValidate>
        <p>Enter the e-mail address of your account and we will send you a link to reset your password.</p>
        <TextField label="Email" type="email" autoComplete="email" error={errors.email} {...register('email')} />
        <SubmitActions label="Send Reset Link" busy={isSubmitting}>
          <CancelButton onClick={onClose} />
        </SubmitActions>
      </form>
    </Modal>
  );
}
