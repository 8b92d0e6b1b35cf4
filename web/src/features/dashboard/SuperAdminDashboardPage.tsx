import { PageFrame } from '../../app/PageFrame';
import { useSession } from '../../app/session-store';
import { BackOfficeSearch } from '../super-admin/dashboard/BackOfficeSearch';
import { UserRegistrationQueue } from '../super-admin/dashboard/UserRegistrationQueue';

/**
 * /super_admin/dashboard: the back office's start page (spec 3 §2.3): the company and user search boxes and the
 * user registration queue. The onboarding approval queue and the escalation queue are sections of their own.
 */
export function SuperAdminDashboardPage() {
  const user = useSession((state) => state.user);
  return (
    <PageFrame title="Super Admin Dashboard">
      {user && (
        <p className="lead">
          Welcome, {user.first_name} {user.last_name}.
        </p>
      )}
      <div className="dashboard-grid">
        <BackOfficeSearch kind="company" title="Search Companies" />
        <BackOfficeSearch kind="user" title="Search Users" />
      </div>
      <UserRegistrationQueue />
    </PageFrame>
  );
}
