import { Link } from 'react-router-dom';
import { routePath } from '@casebridge/contracts';
import { PageFrame } from '../../app/PageFrame';
import { useSession } from '../../app/session-store';

/** /404 (every unknown path lands here). */
export function NotFoundPage() {
  const token = useSession((state) => state.token);
  const role = useSession((state) => state.role);
  const home = !token ? '/' : role === 'super_admin' ? routePath('super_admin.dashboard') : routePath('dashboard');
  return (
    <PageFrame title="Page Not Found">
      <p>The page you are looking for does not exist or has moved.</p>
      <Link className="button" to={home}>
        {token ? 'Go to your Dashboard' : 'Go Home'}
      </Link>
    </PageFrame>
  );
}
