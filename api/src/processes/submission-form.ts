import { ValidationException } from '../platform/common/errors';
import type { StagedFile } from '../platform/common/staged-files';

/**
 * The submission a request carries: a JSON body as it is, or, from a multipart form (a submission with files), the
 * JSON of its `payload` field (the form's other text fields would lose the body's numbers and booleans).
 */
export function submissionOfForm(body: unknown, files: StagedFile[] | undefined): unknown {
  const payload = (body as { payload?: unknown } | null)?.payload;
  if (files === undefined && typeof payload !== 'string') return body;
  if (typeof payload !== 'string') throw ValidationException.forField('payload', 'The submission is missing.');
  try {
    return JSON.parse(payload) as unknown;
  } catch {
    throw ValidationException.forField('payload', 'The submission is not valid JSON.');
  }
}
