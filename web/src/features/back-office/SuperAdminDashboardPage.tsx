import { PageFrame } from '../../app/PageFrame';
import { useSession } from '../../app/session-store';
import { BackOfficeSearch } from '../companies/back-office-users/BackOfficeSearch';
import { UserRegistrationQueue } from '../companies/back-office-users/UserRegistrationQueue';
import { OnboardingQueue } from '../onboarding/back-office/OnboardingQueue';
import { EscalationQueue } from '../cases/back-office/EscalationQueue';

/**
 * /super_admin/dashboard: the back office's start page: the company and user search boxes and the
 * onboarding approval queue, the user registration queue and the escalation queue.
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
      <OnboardingQueue />
      <UserRegistrationQueue />
      <EscalationQueue />
    </PageFrame>
  );
}
