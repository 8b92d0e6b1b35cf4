import { useParams, useSearchParams } from 'react-router-dom';
import { MESSAGES, ResetPasswordBody, routePath } from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';
import { useApiMutation } from '../../../lib/mutations';
import { useServerForm } from '../../../lib/use-server-form';
import { alerts } from '../../../app/alerts-store';
import { PageFrame } from '../../../app/PageFrame';
import { useSession } from '../../../app/session-store';
import { PasswordFields } from '../../../ui/PasswordFields';
import { SubmitActions } from '../../../ui/SubmitActions';
import { TextField } from '../../../ui/fields';
import { RequiredLegend } from '../../../ui/RequiredNotes';

/** /reset_password/{token}: sets a new password, then signs the user in (the reset answers with a token). */
export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const [search] = useSearchParams();
  const signIn = useSession((state) => state.signIn);
  const {
    register,
    submitWith,
    formState: { errors, isSubmitting },
  } = useServerForm(ResetPasswordBody, {
    defaultValues: { token, email: search.get('email') ?? '' },
    fields: ['email', 'password', 'password_confirmation'],
  });

  const reset = useApiMutation(API.auth.resetPassword, {
    loader: true,
    handlesErrors: true,
    onSuccess: ({ access_token }) => {
      alerts.flash(MESSAGES.passwordResetDone, 'success');
      return signIn(access_token, { kind: 'target', path: routePath('dashboard') });
    },
  });
  const onSubmit = submitWith((values) => reset.mutateAsync({ body: values }));

  return (
    <PageFrame title="Reset Password">
      <form className="card narrow" onSubmit={onSubmit} noValidate>
        <input type="hidden" {...register('token')} />
        <RequiredLegend />
        <TextField
          label="Email"
          type="email"
          autoComplete="username"
          aria-required
          error={errors.email}
          {...register('email')}
        />
        {/* A bad or expired token is reported under the password. */}
        <PasswordFields
          label="New Password"
          register={register}
          errors={{ ...errors, password: errors.password ?? errors.token }}
        />
        <SubmitActions label="Reset Password" busy={isSubmitting} />
      </form>
    </PageFrame>
  );
}
