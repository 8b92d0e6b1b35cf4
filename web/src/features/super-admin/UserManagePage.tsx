import { useParams } from 'react-router-dom';
import { PageFrame } from '../../app/PageFrame';
import { alerts } from '../../app/alerts-store';
import { useSession } from '../../app/session-store';
import { errorMessage } from '../../lib/api-error';
import { withLoader } from '../../ui/modal-store';

/**
 * /super_admin/user/{user_id}. The contracts have no call to read one user yet, so the button names the user by id;
 * the full user form comes with the back-office issue.
 */
export function UserManagePage() {
  const { user_id: userId = '' } = useParams();
  const loginAsUser = useSession((state) => state.loginAsUser);
  const id = Number(userId);

  const onLoginAs = async () => {
    try {
      await withLoader(loginAsUser(id));
    } catch (error) {
      alerts.show(errorMessage(error), 'warning');
    }
  };

  return (
    <PageFrame
      title="Manage User"
      actions={
        Number.isInteger(id) && id > 0 ? (
          <button type="button" className="button" onClick={() => void onLoginAs()}>
            Login as user #{id}
          </button>
        ) : null
      }
    />
  );
}
