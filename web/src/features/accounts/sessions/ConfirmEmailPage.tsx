import { Link, useParams } from 'react-router-dom';
import { routePath } from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';
import { ApiError, errorMessage } from '../../../lib/api-error';
import { useApiMutation } from '../../../lib/mutations';
import { useRunOnce } from '../../../lib/use-run-once';
import { PageFrame } from '../../../app/PageFrame';
import { isSignedIn, useSession } from '../../../app/session-store';

/** A refused link answers 422 with the reason under `token` (or `email`: taken meanwhile). */
function refusalText(error: unknown): string {
  const reason = error instanceof ApiError ? Object.values(error.fieldErrors)[0] : undefined;
  return reason ?? errorMessage(error);
}

/** /confirm_email/{token}: the link mailed to a new address makes it the account's e-mail address (once). */
export function ConfirmEmailPage() {
  const { token = '' } = useParams();
  const signedIn = useSession((state) => state.user !== null);
  const loadMe = useSession((state) => state.loadMe);
  // The page shows the outcome, failure included, so no banner.
  const confirmation = useApiMutation(API.profile.confirmEmail, {
    handlesErrors: true,
    // A signed-in tab shows the new address at once. Asked of the store now, not of the first render: on a fresh
    // page load the session's own loadMe may still be running (and may have read the old address).
    onSuccess: () => (isSignedIn() ? loadMe() : undefined),
  });
  useRunOnce(() => confirmation.mutate({ body: { token } }));

  if (confirmation.isError) {
    return (
      <PageFrame title="Invalid Link">
        <p className="notice notice-warning" role="alert">
          {refusalText(confirmation.error)}
        </p>
        <p>Change your e-mail address again on your profile to get a new link.</p>
      </PageFrame>
    );
  }
  if (!confirmation.isSuccess) return <PageFrame title="Please Wait..." />;
  return (
    <PageFrame title="E-mail Address Confirmed">
      <p className="notice notice-success" role="status">
        {confirmation.data.message}
      </p>
      <Link className="button" to={signedIn ? routePath('profile') : routePath('home')}>
        {signedIn ? 'Back to Profile' : 'Log In'}
      </Link>
    </PageFrame>
  );
}
