import { PASSWORD_LOGIN_METHODS } from '@casebridge/contracts';
import { PageFrame } from '../../../app/PageFrame';
import { useSession } from '../../../app/session-store';
import { BrowserNotificationsSetting } from '../../attention/BrowserNotificationsSetting';
import { AgreementForm } from './AgreementForm';
import { ContactDetailsForm } from './ContactDetailsForm';
import { DeleteAccount } from './DeleteAccount';
import { MailPreferencesForm } from './MailPreferencesForm';
import { PasswordForm } from './PasswordForm';
import './profile.css';

/** /profile: contact details, password (not for sso companies), privacy policy, mail preferences, deletion. */
export function ProfilePage() {
  const user = useSession((state) => state.user);
  const company = useSession((state) => state.company);
  if (!user) {
    return (
      <PageFrame title="Profile">
        <p className="muted">Loading…</p>
      </PageFrame>
    );
  }
  // Super admins have no company; they sign in with a password.
  const canChangePassword = !company || PASSWORD_LOGIN_METHODS.includes(company.login_method);
  return (
    <PageFrame title="Profile">
      <div className="profile-grid">
        <ContactDetailsForm key={user.id} user={user} />
        <div className="stack">
          {canChangePassword && <PasswordForm hasPassword={user.has_password} />}
          <AgreementForm user={user} />
          <MailPreferencesForm />
          <BrowserNotificationsSetting />
          <DeleteAccount />
        </div>
      </div>
    </PageFrame>
  );
}
