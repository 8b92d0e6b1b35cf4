import { useMutation } from '@tanstack/react-query';
import { useSession } from './session-store';
import { withLoader } from '../ui/modal-store';

/** Shown while a super admin is logged in as someone else. */
export function ImpersonationBanner() {
  const adminToken = useSession((state) => state.adminToken);
  const user = useSession((state) => state.user);
  const backToAdmin = useSession((state) => state.backToAdmin);
  // A session action, not one endpoint: a plain mutation, whose failure the mutation cache shows as an error alert.
  const back = useMutation({ mutationFn: () => withLoader(backToAdmin()), meta: { errorAlert: 'danger' } });
  if (!adminToken || !user) return null;

  return (
    <div className="impersonation-banner" role="status">
      <span>
        logged in as {user.first_name} {user.last_name}
      </span>
      <button type="button" className="button button-small" onClick={() => back.mutate()}>
        Back to Admin
      </button>
    </div>
  );
}
