import { useState } from 'react';
import { createPortal } from 'react-dom';
import { useNavigate } from 'react-router-dom';
import {
  deleteUserQuestion,
  loginAsLabel,
  routePath,
  superAdminUsersApi,
  USER_DELETED,
  type SuperAdminUser,
} from '@casebridge/contracts';
import { alerts } from '../../../app/alerts-store';
import { useSession } from '../../../app/session-store';
import { call } from '../../../lib/api';
import { errorMessage } from '../../../lib/api-error';
import { useConfirm, withLoader } from '../../../ui/modal-store';
import { companyUsersChanged } from '../back-office-changes';
import { UpdatePasswordModal } from './UpdatePasswordModal';

interface UserAccountActionsProps {
  user: SuperAdminUser;
  company: SuperAdminUser['company'];
  onChange: (user: SuperAdminUser) => void;
}

/** Delete, Disable/Enable, Update Password and Login as {name} for an existing user (spec 3 §2.8). */
export function UserAccountActions({ user, company, onChange }: UserAccountActionsProps) {
  const navigate = useNavigate();
  const confirm = useConfirm();
  const loginAsUser = useSession((state) => state.loginAsUser);
  const [passwordOpen, setPasswordOpen] = useState(false);
  const name = `${user.first_name} ${user.last_name}`;
  // SSO users sign in at their identity provider; only api users there keep a password.
  const passwordOffered = company.login_method !== 'sso' || user.role === 'api';

  const onDelete = async () => {
    if (!(await confirm(deleteUserQuestion(name), { title: 'Delete User', confirmLabel: 'Delete' }))) return;
    try {
      const answer = await withLoader(call(superAdminUsersApi.delete, { params: { id: user.id } }));
      alerts.flash(answer.message || USER_DELETED, answer.success ? 'success' : 'warning');
      void companyUsersChanged();
      void navigate(routePath('super_admin.company.detail', { company_id: company.id }));
    } catch (error) {
      alerts.show(errorMessage(error), 'warning');
    }
  };

  const onToggleStatus = async () => {
    const status = user.status === 'active' ? 'inactive' : 'active';
    try {
      const answer = await withLoader(call(superAdminUsersApi.status, { params: { id: user.id }, body: { status } }));
      onChange(answer.user);
      alerts.show(answer.message, 'success');
      void companyUsersChanged();
    } catch (error) {
      alerts.show(errorMessage(error), 'warning');
    }
  };

  const onLoginAs = async () => {
    try {
      await withLoader(loginAsUser(user.id));
    } catch (error) {
      alerts.show(errorMessage(error), 'warning');
    }
  };

  return (
    <>
      <button type="button" className="button button-secondary" onClick={() => void onToggleStatus()}>
        {user.status === 'active' ? 'Disable' : 'Enable'}
      </button>
      {passwordOffered && (
        <button type="button" className="button button-secondary" onClick={() => setPasswordOpen(true)}>
          Update Password
        </button>
      )}
      <button type="button" className="button button-secondary" onClick={() => void onLoginAs()}>
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
