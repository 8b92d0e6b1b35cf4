import { MESSAGES, profileApi } from '@casebridge/contracts';
import { call, currentToken } from '../../lib/api';
import { errorMessage } from '../../lib/api-error';
import { alerts } from '../../app/alerts-store';
import { navigateTo } from '../../app/navigation';
import { useSession } from '../../app/session-store';
import { useConfirm, withLoader } from '../../ui/modal-store';

/** Any user may delete their own account after a confirmation; the session ends and the user goes home. */
export function DeleteAccount() {
  const confirm = useConfirm();
  const clear = useSession((state) => state.clear);

  const remove = async () => {
    const accepted = await confirm(MESSAGES.deleteAccountConfirm, {
      title: 'Delete Account',
      confirmLabel: 'Delete My Account',
      cancelLabel: 'Cancel',
    });
    if (!accepted) return;
    try {
      const answer = await withLoader(call(profileApi.deleteAccount, { body: { token: currentToken() } }));
      if (answer.success === false) {
        alerts.show(answer.message, 'warning');
        return;
      }
      // The account and its sessions are gone on the server; forget the token here too.
      clear();
      if (answer.message) alerts.flash(answer.message, 'success');
      navigateTo('/', { replace: true });
    } catch (error) {
      alerts.show(errorMessage(error), 'warning');
    }
  };

  return (
    <section className="card card-danger" aria-labelledby="delete-account-title">
      <h2 id="delete-account-title">Delete Account</h2>
      <p>Deleting your account signs you out and removes your access to Casebridge.</p>
      <button type="button" className="button button-danger" onClick={() => void remove()}>
        Delete Account
      </button>
    </section>
  );
}
