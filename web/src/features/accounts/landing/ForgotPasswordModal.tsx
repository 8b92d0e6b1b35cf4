import { ForgotPasswordBody } from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';
import { useApiMutation } from '../../../lib/mutations';
import { useServerForm } from '../../../lib/use-server-form';
import { Modal } from '../../../ui/Modal';
import { CancelButton, SubmitActions } from '../../../ui/SubmitActions';
import { TextField } from '../../../ui/fields';
import { RequiredLegend } from '../../../ui/RequiredNotes';

/** Mails a reset link: success closes the modal with the message; a failure is a warning. */
export function ForgotPasswordModal({ onClose }: { onClose: () => void }) {
  const {
    register,
    submitWith,
    formState: { errors, isSubmitting },
  } = useServerForm(ForgotPasswordBody, { fields: ['email'] });

  const send = useApiMutation(API.auth.forgotPassword, {
    loader: true,
    handlesErrors: true,
    success: ({ message }) => message,
    onSuccess: onClose,
  });
  const onSubmit = submitWith((values) => send.mutateAsync({ body: values }));

  return (
    <Modal title="Forgot Password" onClose={onClose}>
      <form onSubmit={onSubmit} noValidate>
        <p>Enter the e-mail address of your account and we will send you a link to reset your password.</p>
        <RequiredLegend />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          aria-required
          error={errors.email}
          {...register('email')}
        />
        <SubmitActions label="Send Reset Link" busy={isSubmitting}>
          <CancelButton onClick={onClose} />
        </SubmitActions>
      </form>
    </Modal>
  );
}
