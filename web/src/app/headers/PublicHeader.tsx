import { NavLink } from 'react-router-dom';
import { routePath } from '@casebridge/contracts';
import { useSession } from '../session-store';
import { HeaderShell } from './HeaderShell';

/** Header of the landing and public token pages. */
export function PublicHeader() {
  const token = useSession((state) => state.token);
  const role = useSession((state) => state.role);
  const start = role === 'super_admin' ? routePath('super_admin.dashboard') : routePath('dashboard');
  return (
    <HeaderShell home="/" label="Site">
      {token ? (
        <li>
          <NavLink to={start}>Dashboard</NavLink>
        </li>
      ) : (
        <li>
          <NavLink to="/" end>
            Find Your Company
          </NavLink>
        </li>
      )}
    </HeaderShell>
  );
}
