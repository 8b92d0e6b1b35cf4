import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-error';

/**
 * Puts the server's 422 messages (first per field) under the matching inputs.
 * `fieldMap` renames server fields to form fields (e.g. email -> local_part); fields in `skip` keep the message they
 * already show. Returns true when at least one field error was placed, so callers skip the banner.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
  fieldMap: Record<string, string> = {},
  { skip = [], focus = true }: { skip?: readonly string[]; focus?: boolean } = {},
): boolean {
  if (!(error instanceof ApiError)) return false;
  let placed = false;
  for (const [serverField, message] of Object.entries(error.fieldErrors)) {
    const formField = fieldMap[serverField] ?? serverField;
    if (!fields.includes(formField) || skip.includes(formField)) continue;
    setError(formField as Path<T>, { type: 'server', message }, { shouldFocus: focus && !placed });
    placed = true;
  }
  return placed;
}

/**
 * The browser found errors, so the form is not sent; `check` sends it check-only (CHECK_ONLY: nothing is saved) so
 * what only the server knows (a taken e-mail or slug, a process's own fields) shows in the same Submit. The
 * browser's messages stay where it has them, and focus stays on its first error. Any other failure is left
 * unsaid: the browser's errors are already on screen, and the real Submit will report it.
 */
export async function applyServerChecks<T extends FieldValues>(
  check: () => Promise<unknown>,
  setError: UseFormSetError<T>,
  fields: readonly string[],
  browserErrors: readonly string[],
  fieldMap: Record<string, string> = {},
): Promise<void> {
  try {
    await check();
  } catch (error) {
    applyServerErrors(error, setError, fields, fieldMap, { skip: browserErrors, focus: false });
  }
}
