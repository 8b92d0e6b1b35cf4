import { routePath } from '@casebridge/contracts';
import { useSession } from '../session-store';
import { HeaderShell } from './HeaderShell';
import { NavItem } from './nav-items';

/** Header of the landing and public token pages. */
export function PublicHeader() {
  const token = useSession((state) => state.token);
  const role = useSession((state) => state.role);
  const start = role === 'super_admin' ? routePath('super_admin.dashboard') : routePath('dashboard');
  return (
    <HeaderShell home="/" label="Site">
      {token ? (
        <NavItem to={start}>Dashboard</NavItem>
      ) : (
        <NavItem to="/" end>
          Find Your Company
        </NavItem>
      )}
    </HeaderShell>
  );
}
