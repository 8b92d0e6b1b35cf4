import { PasswordChangeBody } from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';
import { useApiMutation } from '../../../lib/mutations';
import { useServerForm } from '../../../lib/use-server-form';
import { alerts } from '../../../app/alerts-store';
import { useSession } from '../../../app/session-store';
import { PasswordFields } from '../../../ui/PasswordFields';
import { CurrentPasswordField } from '../CurrentPasswordField';
import { SubmitActions } from '../../../ui/SubmitActions';
import { RequiredLegend } from '../../../ui/RequiredNotes';

/**
 * Change password (requires_registration and email_link companies only); other sessions end on the server.
 * An account that has a password must give it first.
 */
export function PasswordForm({ hasPassword }: { hasPassword: boolean }) {
  const user = useSession((state) => state.user);
  const setUser = useSession((state) => state.setUser);
  const {
    register,
    reset,
    submitWith,
    formState: { errors, isSubmitting },
  } = useServerForm(PasswordChangeBody, {
    fields: ['current_password', 'password', 'password_confirmation'],
    defaultValues: { current_password: '', password: '', password_confirmation: '' },
  });

  const change = useApiMutation(API.profile.password, {
    loader: true,
    handlesErrors: true,
    onSuccess: (answer) => {
      if (answer.success === false) {
        alerts.show(answer.message, 'warning');
        return;
      }
      alerts.show(answer.message ?? 'Your password has been changed.', 'success');
      reset({ current_password: '', password: '', password_confirmation: '' });
      // From now on the account has a password to ask for.
      if (user && !user.has_password) setUser({ ...user, has_password: true });
    },
  });
  const onSubmit = submitWith((values) => change.mutateAsync({ body: values }));

  return (
    <section className="card" aria-labelledby="password-title">
      <h2 id="password-title">Change Password</h2>
      <form onSubmit={onSubmit} noValidate>
        <RequiredLegend />
        {hasPassword && (
          <CurrentPasswordField
            registration={register('current_password')}
            error={errors.current_password}
            hint="The password you sign in with now."
          />
        )}
        <PasswordFields label="New Password" register={register} errors={errors} />
        <SubmitActions label="Change Password" busy={isSubmitting} />
      </form>
    </section>
  );
}
