import { STATUS_CODES } from 'node:http';
import type { ErrorAnswer } from '../common/all-exceptions.filter';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8';

/**
 * An error of the integration API as RFC 9457 problem details: `type` (about:blank: the status says it all),
 * `title` (the status's phrase), `status`, `detail` (the api's own message) and `instance` (the path), with the
 * field errors of a 422 as `errors: [{ field, message }]`, one item per message (the anchor API's
 * validationErrors).
 */
export function problemOf(answer: ErrorAnswer, instance: string): ErrorAnswer {
  const { status, body } = answer;
  const detail = [body.error_description, body.error, body.message].find(
    (text): text is string => typeof text === 'string',
  );
  // The token endpoint's errors keep RFC 6749's fields beside the problem's.
  const oauth = typeof body.error_description === 'string' ? { error: body.error, error_description: detail } : {};
  const fieldErrors = (body.errors ?? {}) as Record<string, string[]>;
  const errors = Object.entries(fieldErrors).flatMap(([field, messages]) =>
    messages.map((message) => ({ field, message })),
  );
  return {
    status,
    headers: answer.headers,
    body: {
      type: 'about:blank',
      title: STATUS_CODES[status] ?? 'Error',
      status,
      ...(detail ? { detail } : {}),
      instance,
      ...oauth,
      ...(errors.length ? { errors } : {}),
    },
  };
}
