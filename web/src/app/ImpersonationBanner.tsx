import { useSession } from './session-store';
import { alerts } from './alerts-store';
import { errorMessage } from '../lib/api-error';
import { withLoader } from '../ui/modal-store';

/** Shown while a super admin is logged in as someone else. */
export function ImpersonationBanner() {
  const adminToken = useSession((state) => state.adminToken);
  const user = useSession((state) => state.user);
  const backToAdmin = useSession((state) => state.backToAdmin);
  if (!adminToken || !user) return null;

  const onBack = async () => {
    try {
      await withLoader(backToAdmin());
    } catch (error) {
      alerts.show(errorMessage(error));
    }
  };

  return (
    <div className="impersonation-banner" role="status">
      <span>
        logged in as {user.first_name} {user.last_name}
      </span>
      <button type="button" className="button button-small" onClick={() => void onBack()}>
        Back to Admin
      </button>
    </div>
  );
}
