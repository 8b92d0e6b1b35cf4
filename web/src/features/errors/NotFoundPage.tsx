import { Link } from 'react-router-dom';
import { PageFrame } from '../../app/PageFrame';
import { useSession } from '../../app/session-store';
import { homeLink } from './home-link';

/** /404 (every unknown path lands here), with a way home that depends on who is visiting (homeLink). */
export function NotFoundPage() {
  const token = useSession((state) => state.token);
  const role = useSession((state) => state.role);
  const home = homeLink(token !== null, role);
  return (
    <PageFrame title="Page Not Found">
      <p>The page you are looking for does not exist or has moved.</p>
      <Link className="button" to={home.to}>
        {home.label}
      </Link>
    </PageFrame>
  );
}
