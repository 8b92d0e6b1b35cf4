import { caseApi, MESSAGES, type RespondBody } from '@casebridge/contracts';
import { call } from '../../lib/api';
import { alerts } from '../../app/alerts-store';
import { withLoader } from '../../ui/modal-store';

/** Sends one answer to a public case (POST respond/{token}); the case on the page updates from its live entry. */
export async function sendResponse(token: string, body: RespondBody, onSent?: () => void): Promise<void> {
  await withLoader(call(caseApi.respond, { params: { token }, body }));
  alerts.show(MESSAGES.responseSent, 'success');
  onSent?.();
}
