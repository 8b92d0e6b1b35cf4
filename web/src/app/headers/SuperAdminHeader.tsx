import { routePath } from '@casebridge/contracts';
import { QueueDashboardButton } from '../../features/back-office/QueueDashboardButton';
import { NotificationBell } from '../../features/attention/NotificationBell';
import { HeaderShell } from './HeaderShell';
import { AccountNavItems, NavItem } from './nav-items';

/** Back-office header: the super admin's own navigation, in place of the member header. */
export function SuperAdminHeader() {
  return (
    <HeaderShell home={routePath('super_admin.dashboard')} label="Back office" actions={<NotificationBell />}>
      <NavItem to={routePath('super_admin.list_users')}>Inactive Users</NavItem>
      <NavItem to={routePath('super_admin.companies')}>Companies</NavItem>
      <NavItem to={routePath('super_admin.groups')}>Groups</NavItem>
      <NavItem to={routePath('super_admin.reports')}>Reports</NavItem>
      <NavItem to={routePath('super_admin.email_templates')}>Email Templates</NavItem>
      <li>
        <QueueDashboardButton className="nav-button" />
      </li>
      <AccountNavItems />
    </HeaderShell>
  );
}
