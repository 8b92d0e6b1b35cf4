import { PageFrame } from '../../app/PageFrame';
import { useSession } from '../../app/session-store';

/** /super_admin/dashboard: the back office's start page. */
export function SuperAdminDashboardPage() {
  const user = useSession((state) => state.user);
  return (
    <PageFrame title="Super Admin Dashboard">
      {user && (
        <p className="lead">
          Welcome, {user.first_name} {user.last_name}.
        </p>
      )}
    </PageFrame>
  );
}
