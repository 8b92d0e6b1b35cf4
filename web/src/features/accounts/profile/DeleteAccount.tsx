import { MESSAGES } from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';
import { currentToken } from '../../../lib/api';
import { useApiMutation } from '../../../lib/mutations';
import { alerts } from '../../../app/alerts-store';
import { navigateTo } from '../../../app/navigation';
import { useSession } from '../../../app/session-store';
import { useConfirm } from '../../../ui/modal-store';
import './profile.css';

/** Any user may delete their own account after a confirmation; the session ends and the user goes home. */
export function DeleteAccount() {
  const confirm = useConfirm();
  const clear = useSession((state) => state.clear);

  const deleteAccount = useApiMutation(API.profile.deleteAccount, {
    loader: true,
    onSuccess: (answer) => {
      if (answer.success === false) {
        alerts.show(answer.message, 'warning');
        return;
      }
      // The account and its sessions are gone on the server; forget the token here too.
      clear();
      if (answer.message) alerts.flash(answer.message, 'success');
      navigateTo('/', { replace: true });
    },
  });

  const remove = async () => {
    const accepted = await confirm(MESSAGES.deleteAccountConfirm, {
      title: 'Delete Account',
      confirmLabel: 'Delete My Account',
      cancelLabel: 'Cancel',
    });
    if (accepted) deleteAccount.mutate({ body: { token: currentToken() } });
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
