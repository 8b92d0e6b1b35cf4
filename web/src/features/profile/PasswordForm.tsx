import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { PASSWORD_RULES_TEXT, PasswordChangeBody, profileApi } from '@casebridge/contracts';
import { call } from '../../lib/api';
import { errorMessage } from '../../lib/api-error';
import { applyServerErrors } from '../../lib/form-errors';
import { alerts } from '../../app/alerts-store';
import { TextField } from '../../ui/fields';
import { withLoader } from '../../ui/modal-store';

type PasswordInput = z.input<typeof PasswordChangeBody>;
type PasswordValues = z.output<typeof PasswordChangeBody>;

/** Change password (requires_registration and email_link companies only); other sessions end on the server. */
export function PasswordForm() {
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<PasswordInput, unknown, PasswordValues>({ resolver: zodResolver(PasswordChangeBody) });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await withLoader(call(profileApi.password, { body: values }));
      if (answer.success === false) {
        alerts.show(answer.message, 'warning');
        return;
      }
      alerts.show(answer.message ?? 'Your password has been changed.', 'success');
      reset({ password: '', password_confirmation: '' });
    } catch (error) {
      if (!applyServerErrors(error, setError, ['password', 'password_confirmation']))
        alerts.show(errorMessage(error), 'warning');
    }
  });

  return (
    <section className="card" aria-labelledby="password-title">
      <h2 id="password-title">Change Password</h2>
      <form onSubmit={onSubmit} noValidate>
        <TextField
          label="New Password"
          type="password"
          autoComplete="new-password"
          error={errors.password}
          hint={
            <ul className="password-rules">
              {PASSWORD_RULES_TEXT.map((rule) => (
                <li key={rule}>{rule}</li>
              ))}
            </ul>
          }
          {...register('password')}
        />
        <TextField
          label="Confirm New Password"
          type="password"
          autoComplete="new-password"
          error={errors.password_confirmation}
          {...register('password_confirmation')}
        />
        <div className="form-actions">
          <button type="submit" className="button" disabled={isSubmitting}>
            Change Password
          </button>
        </div>
      </form>
    </section>
  );
}
