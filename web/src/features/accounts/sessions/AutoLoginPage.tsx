import { Link, useParams, useSearchParams } from 'react-router-dom';
import { routePath } from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';
import { errorMessage } from '../../../lib/api-error';
import { useApiMutation } from '../../../lib/mutations';
import { useRunOnce } from '../../../lib/use-run-once';
import { PageFrame } from '../../../app/PageFrame';
import { pathOfRouteName } from '../../../app/route-table';
import { useSession } from '../../../app/session-store';

/** Where an auto-login link leads: redir=case opens the admin case page, another redir is a route name. */
function targetOf(redir: string | null, caseToken: string | null): string {
  if (redir === 'case' && caseToken) return routePath('admin.case-info', { token: caseToken });
  if (redir && redir !== 'case') return pathOfRouteName(redir) ?? routePath('dashboard');
  return routePath('dashboard');
}

export function AutoLoginPage() {
  const { token = '' } = useParams();
  const [search] = useSearchParams();
  const signIn = useSession((state) => state.signIn);
  // A refused link is the page's text, not a banner.
  const autoLogin = useApiMutation(API.landing.autoLogin, {
    handlesErrors: true,
    onSuccess: ({ access_token }) =>
      signIn(access_token, { kind: 'target', path: targetOf(search.get('redir'), search.get('token')) }),
  });
  useRunOnce(() => autoLogin.mutate({ body: { token } }));

  if (autoLogin.isError) {
    return (
      <PageFrame title="Login Link Not Valid">
        <div className="notice notice-warning" role="alert">
          {errorMessage(autoLogin.error)}
        </div>
        <p>
          <Link to="/">Go to the home page</Link> to find your company and request a new link.
        </p>
      </PageFrame>
    );
  }
  return (
    <PageFrame title="Please Wait...">
      <div className="spinner" aria-hidden="true" />
    </PageFrame>
  );
}
