import { isCompanyAdminRole, MEMBERSHIP_LEVEL_LABELS, routePath } from '@casebridge/contracts';
import { PUBLIC_LINKS } from '../../lib/public-site';
import { useSession } from '../session-store';
import { NotificationBell } from '../../features/attention/NotificationBell';
import { HeaderShell } from './HeaderShell';
import { AccountNavItems, ExternalNavItem, NavItem } from './nav-items';

/** Member header: Home, Admin (managers), Integrations (managers and api users), Events, Training, membership level, Profile, Logout. */
export function MemberHeader() {
  const role = useSession((state) => state.role);
  const level = useSession((state) => state.level) ?? 'limited';
  return (
    <HeaderShell home={routePath('dashboard')} label="Main" actions={<NotificationBell />}>
      <NavItem to={routePath('dashboard')}>Home</NavItem>
      {role && isCompanyAdminRole(role) && <NavItem to={routePath('admin.company')}>Admin</NavItem>}
      {role && (isCompanyAdminRole(role) || role === 'api') && (
        <NavItem to={routePath('admin.integrations')}>Integrations</NavItem>
      )}
      <ExternalNavItem href={PUBLIC_LINKS.events}>Events</ExternalNavItem>
      <ExternalNavItem href={PUBLIC_LINKS.training}>Training</ExternalNavItem>
      <ExternalNavItem className={`membership-badge membership-${level}`} href={PUBLIC_LINKS.membership(level)}>
        {MEMBERSHIP_LEVEL_LABELS[level]}
      </ExternalNavItem>
      <AccountNavItems />
    </HeaderShell>
  );
}
