import { useState } from 'react';
import { API } from '@casebridge/contracts';
import { useAlerts } from '../../../app/alerts-store';
import { ApiError, call } from '../../../lib/api';

/**
 * Opens the queue dashboard (bull-board, served by the api): the page sends no bearer header, so this first asks
 * the api for the dashboard's ticket cookie and then goes there in this tab (a new tab opened after the call
 * would meet popup blockers).
 */
export function QueueDashboardButton({ className }: { className?: string }) {
  const [opening, setOpening] = useState(false);
  const showAlert = useAlerts((state) => state.show);

  const open = async () => {
    setOpening(true);
    try {
      const { url } = await call(API.superAdminQueueDashboard.session);
      window.location.assign(url);
    } catch (error) {
      showAlert(error instanceof ApiError ? error.message : null);
    } finally {
      // Coming back from the dashboard (history, page cache) finds the button usable again.
      setOpening(false);
    }
  };

  return (
    <button type="button" className={className} onClick={() => void open()} disabled={opening}>
      Queues
    </button>
  );
}
