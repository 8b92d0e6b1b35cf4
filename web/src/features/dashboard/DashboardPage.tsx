import { PageFrame } from '../../app/PageFrame';
import { useSession } from '../../app/session-store';

/** /dashboard: the member's start page. */
export function DashboardPage() {
  const user = useSession((state) => state.user);
  const company = useSession((state) => state.company);
  return (
    <PageFrame title="Dashboard">
      {user && (
        <p className="lead">
          Welcome, {user.first_name} {user.last_name}
          {company ? ` of ${company.name}` : ''}.
        </p>
      )}
    </PageFrame>
  );
}
