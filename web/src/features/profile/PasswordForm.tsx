import { PasswordChangeBody, profileApi } from '@casebridge/contracts';
import { call } from '../../lib/api';
import { useServerForm } from '../../lib/use-server-form';
import { alerts } from '../../app/alerts-store';
import { PasswordFields } from '../../ui/PasswordFields';
import { SubmitActions } from '../../ui/SubmitActions';
import { withLoader } from '../../ui/modal-store';

/** Change password (requires_registration and email_link companies only); other sessions end on the server. */
export function PasswordForm() {
  const {
    register,
    reset,
    submitWith,
    formState: { errors, isSubmitting },
  } = useServerForm(PasswordChangeBody, { fields: ['password', 'password_confirmation'] });

  const onSubmit = submitWith(async (values) => {
    const answer = await withLoader(call(profileApi.password, { body: values }));
    if (answer.success === false) {
      alerts.show(answer.message, 'warning');
      return;
    }
    alerts.show(answer.message ?? 'Your password has been changed.', 'success');
    reset({ password: '', password_confirmation: '' });
  });

  return (
    <section className="card" aria-labelledby="password-title">
      <h2 id="password-title">Change Password</h2>
      <form onSubmit={onSubmit} noValidate>
        <PasswordFields label="New Password" register={register} errors={errors} />
        <SubmitActions label="Change Password" busy={isSubmitting} />
      </form>
    </section>
  );
}
