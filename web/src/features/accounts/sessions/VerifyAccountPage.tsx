import { Link, useParams } from 'react-router-dom';
import { MESSAGES, routePath, VerifyAccountBody } from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';
import { useApiMutation } from '../../../lib/mutations';
import { queryErrorText } from '../../../lib/queries';
import { useRunOnce } from '../../../lib/use-run-once';
import { useServerForm } from '../../../lib/use-server-form';
import { PageFrame } from '../../../app/PageFrame';
import { TextField } from '../../../ui/fields';
import { RequiredLegend } from '../../../ui/RequiredNotes';

/** /verify_account/{token}: verified, awaiting approval, or invalid with a form for a new mail. */
export function VerifyAccountPage() {
  const { token = '' } = useParams();
  // The page shows a refused link in place of the outcome, so no banner.
  const verify = useApiMutation(API.auth.verify, { handlesErrors: true });
  // Opening the link verifies the account: once per page, never re-read like a query (the link is one-time).
  useRunOnce(() => verify.mutate({ params: { token } }));

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

function RequestVerificationForm() {
  const {
    register,
    submitWith,
    reset,
    formState: { errors, isSubmitting },
  } = useServerForm(VerifyAccountBody, { fields: ['email'] });
  const send = useApiMutation(API.auth.verifyAccount, {
    loader: true,
    handlesErrors: true,
    success: ({ message }) => message,
    onSuccess: () => reset(),
  });
  const onSubmit = submitWith((values) => send.mutateAsync({ body: values }));

  return (
    <form className="card narrow" onSubmit={onSubmit} noValidate aria-labelledby="reverify-title">
      <h2 id="reverify-title">Send a New Verification E-mail</h2>
      <RequiredLegend />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        aria-required
        error={errors.email}
        {...register('email')}
      />
      <div className="form-actions">
        <button type="submit" className="button" disabled={isSubmitting}>
          Send Verification E-mail
        </button>
      </div>
    </form>
  );
}
