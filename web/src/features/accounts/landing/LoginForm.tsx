import { useState } from 'react';
import { LoginBody } from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';
import { useApiMutation } from '../../../lib/mutations';
import { useServerForm } from '../../../lib/use-server-form';
import { useSession } from '../../../app/session-store';
import { TextField } from '../../../ui/fields';
import { RequiredLegend } from '../../../ui/RequiredNotes';
import { ForgotPasswordModal } from './ForgotPasswordModal';

/** Password login (POST auth/login), then the session takes over the redirect. */
export function LoginForm({ title = 'Log In' }: { title?: string }) {
  const signIn = useSession((state) => state.signIn);
  const [forgotOpen, setForgotOpen] = useState(false);
  const {
    register,
    submitWith,
    formState: { errors, isSubmitting },
  } = useServerForm(LoginBody, { fields: ['email', 'password'] });
  const login = useApiMutation(API.auth.login, {
    loader: true,
    handlesErrors: true,
    onSuccess: ({ access_token }) => signIn(access_token),
  });
  const onSubmit = submitWith((values) => login.mutateAsync({ body: values }));

  return (
    <section className="card" aria-labelledby="login-title">
      <h2 id="login-title">{title}</h2>
      <form onSubmit={onSubmit} noValidate>
        <RequiredLegend />
        <TextField
          label="Email"
          type="email"
          autoComplete="username"
          aria-required
          error={errors.email}
          {...register('email')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          aria-required
          error={errors.password}
          {...register('password')}
        />
        <div className="form-actions">
          <button type="submit" className="button" disabled={isSubmitting}>
            Log In
          </button>
          <button type="button" className="link-button" onClick={() => setForgotOpen(true)}>
            Forgot Password?
          </button>
        </div>
      </form>
      {forgotOpen && <ForgotPasswordModal onClose={() => setForgotOpen(false)} />}
    </section>
  );
}
