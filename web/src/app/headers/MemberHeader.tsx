import { NavLink } from 'react-router-dom';
import { isCompanyAdminRole, MEMBERSHIP_LEVEL_LABELS, routePath } from '@casebridge/contracts';
import { PUBLIC_LINKS } from '../../lib/public-site';
import { useSession } from '../session-store';
import { HeaderShell } from './HeaderShell';

/** Member header: Home, Admin (managers), Events, Training, membership level, Profile, Logout. */
export function MemberHeader() {
  const role = useSession((state) => state.role);
  const level = useSession((state) => state.level) ?? 'limited';
  return (
    <HeaderShell home={routePath('dashboard')} label="Main">
      <li>
        <NavLink to={routePath('dashboard')}>Home</NavLink>
      </li>
      {role && isCompanyAdminRole(role) && (
        <li>
          <NavLink to={routePath('admin.company')}>Admin</NavLink>
        </li>
      )}
      <li>
        <a href={PUBLIC_LINKS.events} target="_blank" rel="noreferrer">
          Events
        </a>
      </li>
      <li>
        <a href={PUBLIC_LINKS.training} target="_blank" rel="noreferrer">
          Training
        </a>
      </li>
      <li>
        <a
          className={`membership-badge membership-${level}`}
          href={PUBLIC_LINKS.membership(level)}
          target="_blank"
          rel="noreferrer"
        >
          {MEMBERSHIP_LEVEL_LABELS[level]}
        </a>
      </li>
      <li>
        <NavLink to={routePath('profile')}>Profile</NavLink>
      </li>
      <li>
        <NavLink to={routePath('auth.logout')}>Logout</NavLink>
      </li>
    </HeaderShell>
  );
}
