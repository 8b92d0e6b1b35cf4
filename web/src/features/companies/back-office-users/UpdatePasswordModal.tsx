import { PASSWORD_UPDATED, UserPasswordBody, type SuperAdminUser } from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';
import { useApiMutation } from '../../../lib/mutations';
import { useServerForm } from '../../../lib/use-server-form';
import { Modal } from '../../../ui/Modal';
import { PasswordFields } from '../../../ui/PasswordFields';
import { RequiredLegend } from '../../../ui/RequiredNotes';
import { CancelButton, SubmitActions } from '../../../ui/SubmitActions';

/** The Update Password modal of the user form; the user's open sessions end when it is saved. */
export function UpdatePasswordModal({ user, onClose }: { user: SuperAdminUser; onClose: () => void }) {
  const {
    register,
    submitWith,
    formState: { errors, isSubmitting },
  } = useServerForm(UserPasswordBody, {
    defaultValues: { password: '', password_confirmation: '' },
    fields: ['password', 'password_confirmation'],
    // A failed password change is an error alert, not a warning.
    errorAlert: 'danger',
  });

  const save = useApiMutation(API.superAdminUsers.password, {
    loader: true,
    handlesErrors: true,
    success: (answer) => answer.message || PASSWORD_UPDATED,
    onSuccess: onClose,
  });
  const onSubmit = submitWith((body) => save.mutateAsync({ params: { id: user.id }, body }));

  return (
    <Modal title={`Update Password: ${user.first_name} ${user.last_name}`} onClose={onClose}>
      <form onSubmit={onSubmit} noValidate>
        <RequiredLegend />
        <PasswordFields register={register} errors={errors} label="New Password" />
        <SubmitActions label="Update Password" busy={isSubmitting}>
          <CancelButton onClick={onClose} />
        </SubmitActions>
      </form>
    </Modal>
  );
}
