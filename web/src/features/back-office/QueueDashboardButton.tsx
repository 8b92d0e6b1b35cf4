import { API } from '../../lib/api-routes';
import { useApiMutation } from '../../lib/mutations';

/**
 * Opens the queue dashboard (bull-board, served by the api): the page sends no bearer header, so this first asks
 * the api for the dashboard's ticket cookie and then goes there in this tab (a new tab opened after the call
 * would meet popup blockers).
 */
export function QueueDashboardButton({ className }: { className?: string }) {
  const session = useApiMutation(API.superAdminQueueDashboard.session, {
    errorAlert: 'danger',
    onSuccess: ({ url }) => window.location.assign(url),
  });

  // Pending only until the browser is sent on: coming back (history, page cache) finds the button usable again.
  return (
    <button type="button" className={className} onClick={() => session.mutate()} disabled={session.isPending}>
      Queues
    </button>
  );
}
