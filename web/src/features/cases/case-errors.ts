import { MESSAGES } from '@casebridge/contracts';
import { ApiError } from '../../lib/api-error';

/** Update failure text: the field errors joined, else the server's error, else the generic text. */
export function updateErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    const fields = Object.values(error.fieldErrors);
    if (fields.length > 0) return fields.join(' ');
    if (error.status !== 0 && error.message && error.message !== MESSAGES.unknownError) return error.message;
  }
  return MESSAGES.updateFailed;
}
