import { NavLink } from 'react-router-dom';
import { routePath } from '@casebridge/contracts';
import { HeaderShell } from './HeaderShell';

/** Back-office header (spec 3 §2.2). */
export function SuperAdminHeader() {
  return (
    <HeaderShell home={routePath('super_admin.dashboard')} label="Back office">
      <li>
        <NavLink to={routePath('super_admin.list_users')}>Inactive Users</NavLink>
      </li>
      <li>
        <NavLink to={routePath('super_admin.companies')}>Companies</NavLink>
      </li>
      <li>
        <NavLink to={routePath('super_admin.groups')}>Groups</NavLink>
      </li>
      <li>
        <NavLink to={routePath('super_admin.reports')}>Reports</NavLink>
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
