import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-error';

/**
 * Puts the server's 422 messages (first per field) under the matching inputs.
 * `fieldMap` renames server fields to form fields (e.g. email -> local_part).
 * Returns true when at least one field error was placed, so callers skip the banner.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
  fieldMap: Record<string, string> = {},
): boolean {
  if (!(error instanceof ApiError)) return false;
  let placed = false;
  for (const [serverField, message] of Object.entries(error.fieldErrors)) {
    const formField = fieldMap[serverField] ?? serverField;
    if (!fields.includes(formField)) continue;
    setError(formField as Path<T>, { type: 'server', message }, { shouldFocus: !placed });
    placed = true;
  }
  return placed;
}
