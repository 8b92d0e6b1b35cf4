import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useParams, useSearchParams } from 'react-router-dom';
import type { z } from 'zod';
import { API, MESSAGES, PASSWORD_RULES_TEXT, ResetPasswordBody, routePath } from '@casebridge/contracts';
import { call } from '../../lib/api';
import { errorMessage } from '../../lib/api-error';
import { applyServerErrors } from '../../lib/form-errors';
import { alerts } from '../../app/alerts-store';
import { PageFrame } from '../../app/PageFrame';
import { useSession } from '../../app/session-store';
import { TextField } from '../../ui/fields';
import { withLoader } from '../../ui/modal-store';

type ResetInput = z.input<typeof ResetPasswordBody>;
type ResetValues = z.output<typeof ResetPasswordBody>;

/** /reset_password/{token}: sets a new password, then signs the user in (spec 1 §7 answers with a token). */
export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const [search] = useSearchParams();
  const signIn = useSession((state) => state.signIn);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetInput, unknown, ResetValues>({
    resolver: zodResolver(ResetPasswordBody),
    defaultValues: { token, email: search.get('email') ?? '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { access_token } = await withLoader(call(API.auth.resetPassword, { body: values }));
      alerts.flash(MESSAGES.passwordResetDone, 'success');
      await signIn(access_token, { kind: 'target', path: routePath('dashboard') });
    } catch (error) {
      const placed = applyServerErrors(error, setError, ['email', 'password', 'password_confirmation']);
      if (!placed) alerts.show(errorMessage(error), 'warning');
    }
  });

  return (
    <PageFrame title="Reset Password">
      <form className="card narrow" onSubmit={onSubmit} noValidate>
        <input type="hidden" {...register('token')} />
        <TextField label="Email" type="email" autoComplete="username" error={errors.email} {...register('email')} />
        <TextField
          label="New Password"
          type="password"
          autoComplete="new-password"
          error={errors.password ?? errors.token}
          hint={
            <ul className="password-rules" aria-label="Password rules">
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
            Reset Password
          </button>
        </div>
      </form>
    </PageFrame>
  );
}
