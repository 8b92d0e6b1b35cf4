import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useParams } from 'react-router-dom';
import type { z } from 'zod';
import { API, MESSAGES, routePath, VerifyAccountBody } from '@casebridge/contracts';
import { call } from '../../lib/api';
import { errorMessage } from '../../lib/api-error';
import { applyServerErrors } from '../../lib/form-errors';
import { queryErrorText } from '../../lib/queries';
import { useRunOnce } from '../../lib/use-run-once';
import { alerts } from '../../app/alerts-store';
import { PageFrame } from '../../app/PageFrame';
import { TextField } from '../../ui/fields';
import { withLoader } from '../../ui/modal-store';

/** /verify_account/{token}: verified, awaiting approval, or invalid with a form for a new mail. */
export function VerifyAccountPage() {
  const { token = '' } = useParams();
  const verify = useMutation({ mutationFn: () => call(API.auth.verify, { params: { token } }) });
  // Opening the link verifies the account: once per page, never re-read like a query (the link is one-time).
  useRunOnce(() => verify.mutate());

  if (verify.status === 'idle' || verify.status === 'pending') return <PageFrame title="Please Wait..." />;
  if (verify.status === 'error') {
    return (
      <PageFrame title="Invalid Token">
        <p className="notice notice-warning">{queryErrorText(verify.error)}</p>
        <RequestVerificationForm />
      </PageFrame>
    );
  }
  const { action, message, error, company } = verify.data;
  switch (action) {
    case 'verified':
      return (
        <PageFrame title="Account Verified">
          <p>{message ?? MESSAGES.accountVerified}</p>
          <Link className="button" to={company ? routePath('home-with-slug', { slug: company.slug }) : '/'}>
            Log In
          </Link>
        </PageFrame>
      );
    case 'approval':
      return (
        <PageFrame title="Your Account Must be Approved">
          <p>{message ?? MESSAGES.accountUnderReview}</p>
        </PageFrame>
      );
    case 'invalid':
      return (
        <PageFrame title="Invalid Token">
          <p className="notice notice-warning">{error ?? message ?? MESSAGES.invalidToken}</p>
          <RequestVerificationForm />
        </PageFrame>
      );
  }
}

type VerifyInput = z.input<typeof VerifyAccountBody>;
type VerifyValues = z.output<typeof VerifyAccountBody>;

function RequestVerificationForm() {
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<VerifyInput, unknown, VerifyValues>({ resolver: zodResolver(VerifyAccountBody) });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { message } = await withLoader(call(API.auth.verifyAccount, { body: values }));
      alerts.show(message, 'success');
      reset();
    } catch (error) {
      if (!applyServerErrors(error, setError, ['email'])) alerts.show(errorMessage(error), 'warning');
    }
  });

  return (
    <form className="card narrow" onSubmit={onSubmit} noValidate aria-labelledby="reverify-title">
      <h2 id="reverify-title">Send a New Verification E-mail</h2>
      <TextField label="Email" type="email" autoComplete="email" error={errors.email} {...register('email')} />
      <div className="form-actions">
        <button type="submit" className="button" disabled={isSubmitting}>
          Send Verification E-mail
        </button>
      </div>
    </form>
  );
}
