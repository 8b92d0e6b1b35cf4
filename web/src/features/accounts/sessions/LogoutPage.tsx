import { useRunOnce } from '../../../lib/use-run-once';
import { PageFrame } from '../../../app/PageFrame';
import { useSession } from '../../../app/session-store';

/** /auth/logout: ends the session and sends the user to their company page. */
export function LogoutPage() {
  const logout = useSession((state) => state.logout);
  useRunOnce(logout);
  return (
    <PageFrame title="Logging Out...">
      <div className="spinner" aria-hidden="true" />
    </PageFrame>
  );
}
