import { MESSAGES, type RespondBody } from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';
import { useApiMutation } from '../../../lib/mutations';

/**
 * Sends one answer to a public case (POST respond/{token}); the case on the page updates from its live entry.
 * For a form's submitWith, which reports the failures.
 */
export function useSendResponse(token: string, onSent?: () => void): (body: RespondBody) => Promise<unknown> {
  const send = useApiMutation(API.cases.respond, {
    loader: true,
    handlesErrors: true,
    success: MESSAGES.responseSent,
    onSuccess: () => onSent?.(),
  });
  return (body) => send.mutateAsync({ params: { token }, body });
}
