import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { createPortal } from 'react-dom';
import { useNavigate } from 'react-router-dom';
import { deleteUserQuestion, loginAsLabel, routePath, USER_DELETED, type SuperAdminUser } from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';
import { alerts } from '../../../app/alerts-store';
import { useSession } from '../../../app/session-store';
import { useApiMutation } from '../../../lib/mutations';
import { useConfirm, withLoader } from '../../../ui/modal-store';
import { companyUsersChanged } from '../../back-office/back-office-changes';
import { UpdatePasswordModal } from './UpdatePasswordModal';

interface UserAccountActionsProps {
  user: SuperAdminUser;
  company: SuperAdminUser['company'];
  onChange: (user: SuperAdminUser) => void;
}

/** Delete, Disable/Enable, Update Password and Login as {name} for an existing user. */
export function UserAccountActions({ user, company, onChange }: UserAccountActionsProps) {
  const navigate = useNavigate();
  const confirm = useConfirm();
  const loginAsUser = useSession((state) => state.loginAsUser);
  const [passwordOpen, setPasswordOpen] = useState(false);
  const name = `${user.first_name} ${user.last_name}`;
  // SSO users sign in at their identity provider; only api users there keep a password.
  const passwordOffered = company.login_method !== 'sso' || user.role === 'api';

  const params = { id: user.id };
  const deleteUser = useApiMutation(API.superAdminUsers.delete, {
    loader: true,
    onSuccess: (answer) => {
      alerts.flash(answer.message || USER_DELETED, answer.success ? 'success' : 'warning');
      void companyUsersChanged();
      void navigate(routePath('super_admin.company.detail', { company_id: company.id }));
    },
  });
  const onDelete = async () => {
    if (!(await confirm(deleteUserQuestion(name), { title: 'Delete User', confirmLabel: 'Delete' }))) return;
    deleteUser.mutate({ params });
  };

  const changeStatus = useApiMutation(API.superAdminUsers.status, {
    loader: true,
    success: (answer) => answer.message,
    onSuccess: (answer) => {
      onChange(answer.user);
      void companyUsersChanged();
    },
  });
  const onToggleStatus = () =>
    changeStatus.mutate({ params, body: { status: user.status === 'active' ? 'inactive' : 'active' } });

  // A session action, not one endpoint: a plain mutation, whose failure the mutation cache shows as a warning.
  const loginAs = useMutation({ mutationFn: () => withLoader(loginAsUser(user.id)) });

  return (
    <>
      <button type="button" className="button button-secondary" onClick={onToggleStatus}>
        {user.status === 'active' ? 'Disable' : 'Enable'}
      </button>
      {passwordOffered && (
        <button type="button" className="button button-secondary" onClick={() => setPasswordOpen(true)}>
          Update Password
        </button>
      )}
      <button type="button" className="button button-secondary" onClick={() => loginAs.mutate()}>
        {loginAsLabel(name)}
      </button>
      <button type="button" className="button button-danger" onClick={() => void onDelete()}>
        Delete
      </button>
      {/* Outside the user form: a form may not hold another one. */}
      {passwordOpen &&
        createPortal(<UpdatePasswordModal user={user} onClose={() => setPasswordOpen(false)} />, document.body)}
    </>
  );
}
