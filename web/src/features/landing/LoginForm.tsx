import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { API, LoginBody } from '@casebridge/contracts';
import { call } from '../../lib/api';
import { errorMessage } from '../../lib/api-error';
import { applyServerErrors } from '../../lib/form-errors';
import { alerts } from '../../app/alerts-store';
import { useSession } from '../../app/session-store';
import { withLoader } from '../../ui/modal-store';
import { TextField } from '../../ui/fields';
import { ForgotPasswordModal } from './ForgotPasswordModal';

type LoginInput = z.input<typeof LoginBody>;
type LoginValues = z.output<typeof LoginBody>;

/** Password login (POST auth/login), then the session takes over the redirect. */
export function LoginForm({ title = 'Log In' }: { title?: string }) {
  const signIn = useSession((state) => state.signIn);
  const [forgotOpen, setForgotOpen] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput, unknown, LoginValues>({ resolver: zodResolver(LoginBody) });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { access_token } = await withLoader(call(API.auth.login, { body: values }));
      await signIn(access_token);
    } catch (error) {
      if (!applyServerErrors(error, setError, ['email', 'password'])) alerts.show(errorMessage(error), 'warning');
    }
  });

  return (
    <section className="card" aria-labelledby="login-title">
      <h2 id="login-title">{title}</h2>
      <form onSubmit={onSubmit} noValidate>
        <TextField label="Email" type="email" autoComplete="username" error={errors.email} {...register('email')} />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
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
