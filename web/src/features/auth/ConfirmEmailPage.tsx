import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { API, routePath } from '@casebridge/contracts';
import { ApiError, call } from '../../lib/api';
import { errorMessage } from '../../lib/api-error';
import { useRunOnce } from '../../lib/use-run-once';
import { PageFrame } from '../../app/PageFrame';
import { isSignedIn, useSession } from '../../app/session-store';

type State = { status: 'confirming' } | { status: 'done'; message: string } | { status: 'failed'; error: string };

/** /confirm_email/{token}: the link mailed to a new address makes it the account's e-mail address (once). */
export function ConfirmEmailPage() {
  const { token = '' } = useParams();
  const signedIn = useSession((state) => state.user !== null);
  const loadMe = useSession((state) => state.loadMe);
  const [state, setState] = useState<State>({ status: 'confirming' });

  useRunOnce(async () => {
    try {
      const { message } = await call(API.profile.confirmEmail, { body: { token } });
      // A signed-in tab shows the new address at once. Asked of the store now, not of the first render: on a fresh
      // page load the session's own loadMe may still be running (and may have read the old address).
      if (isSignedIn()) await loadMe();
      setState({ status: 'done', message });
    } catch (error) {
      // A refused link answers 422 with the reason under `token` (or `email`: taken meanwhile).
      const reason = error instanceof ApiError ? Object.values(error.fieldErrors)[0] : undefined;
      setState({ status: 'failed', error: reason ?? errorMessage(error) });
    }
  });

  if (state.status === 'confirming') return <PageFrame title="Please Wait..." />;
  if (state.status === 'failed') {
    return (
      <PageFrame title="Invalid Link">
        <p className="notice notice-warning" role="alert">
          {state.error}
        </p>
        <p>Change your e-mail address again on your profile to get a new link.</p>
      </PageFrame>
    );
  }
  return (
    <PageFrame title="E-mail Address Confirmed">
      <p className="notice notice-success" role="status">
        {state.message}
      </p>
      <Link className="button" to={signedIn ? routePath('profile') : routePath('home')}>
        {signedIn ? 'Back to Profile' : 'Log In'}
      </Link>
    </PageFrame>
  );
}
