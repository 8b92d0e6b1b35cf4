import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { API, routePath } from '@casebridge/contracts';
import { call } from '../../lib/api';
import { errorMessage } from '../../lib/api-error';
import { useRunOnce } from '../../lib/use-run-once';
import { PageFrame } from '../../app/PageFrame';
import { pathOfRouteName } from '../../app/route-table';
import { useSession } from '../../app/session-store';

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
  const [failure, setFailure] = useState<string | null>(null);

  useRunOnce(async () => {
    try {
      const { access_token } = await call(API.landing.autoLogin, { body: { token } });
      await signIn(access_token, { kind: 'target', path: targetOf(search.get('redir'), search.get('token')) });
    } catch (error) {
      setFailure(errorMessage(error));
    }
  });

  if (failure) {
    return (
      <PageFrame title="Login Link Not Valid">
        <div className="notice notice-warning" role="alert">
          {failure}
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
