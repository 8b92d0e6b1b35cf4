import { useLocation, useParams } from 'react-router-dom';
import { UserEditor } from './UserEditPage';
import { useUserEditorData } from './use-user-editor-data';

/**
 * /super_admin/user/{user_id}: the user form reached by the user alone (the Inactive Users list, Back to Admin
 * after logging in as the user); the company comes from the loaded user.
 */
export function UserManagePage() {
  const { user_id: userId = '' } = useParams();
  const location = useLocation();
  const data = useUserEditorData(Number(userId), null);
  return <UserEditor data={data} formKey={location.key} />;
}
