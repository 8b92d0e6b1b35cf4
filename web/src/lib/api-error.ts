import { MESSAGES } from '@casebridge/contracts';

/** First message per field, as the forms show them under each input. */
export type FieldErrors = Record<string, string>;

/** Every failed call becomes one of these, made from the api's error bodies (422 {message, errors}, others {error}). */
export class ApiError extends Error {
  readonly status: number;
  readonly fieldErrors: FieldErrors;

  constructor(status: number, message: string, fieldErrors: FieldErrors = {}) {
    super(message || MESSAGES.unknownError);
    this.name = 'ApiError';
    this.status = status;
    this.fieldErrors = fieldErrors;
  }

  static async fromResponse(response: Response): Promise<ApiError> {
    let body: unknown = null;
    try {
      body = await response.json();
    } catch {
      // Not JSON (proxy error page, empty body): fall back to the generic text.
    }
    const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    const fieldErrors = firstMessages(record.errors);
    const message =
      (typeof record.error === 'string' && record.error) ||
      (typeof record.message === 'string' && record.message) ||
      Object.values(fieldErrors)[0] ||
      MESSAGES.unknownError;
    return new ApiError(response.status, message, fieldErrors);
  }
}

function firstMessages(errors: unknown): FieldErrors {
  if (typeof errors !== 'object' || errors === null) return {};
  const result: FieldErrors = {};
  for (const [field, messages] of Object.entries(errors as Record<string, unknown>)) {
    const first = Array.isArray(messages) ? messages[0] : messages;
    if (typeof first === 'string') result[field] = first;
  }
  return result;
}

/** The text to show for any thrown value. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return MESSAGES.unknownError;
}
