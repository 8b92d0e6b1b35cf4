import { HttpException, HttpStatus } from '@nestjs/common';
import type { z } from 'zod';

/** 422 with the validation shape the web reads: { message, errors: { field: [messages] } }. */
export class ValidationException extends HttpException {
  constructor(public readonly errors: Record<string, string[]>) {
    super('The given data was invalid.', HttpStatus.UNPROCESSABLE_ENTITY);
  }

  static forField(field: string, message: string): ValidationException {
    return new ValidationException({ [field]: [message] });
  }
}

/** Turns zod issues into the field map; nested paths are dotted (company.name, linkages.0.option_name). */
export function zodIssuesToFieldErrors(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.map(String).join('.') : '_';
    // hasOwn: a field named "constructor" or "__proto__" must not reach Object.prototype's members.
    if (!Object.hasOwn(errors, field)) errors[field] = [];
    errors[field].push(issue.message);
  }
  return errors;
}

export function parseOrThrow<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const checked = fieldErrorsOf(schema, input);
  if (!checked.success) throw new ValidationException(checked.errors);
  return checked.data;
}

type Checked<T> =
  { success: true; data: T; errors: Record<string, never> } | { success: false; errors: Record<string, string[]> };

/** The schema's verdict without throwing: the parsed value, or every field's messages. */
export function fieldErrorsOf<T extends z.ZodType>(schema: T, input: unknown): Checked<z.output<T>> {
  const result = schema.safeParse(input);
  const errors: Record<string, string[]> = result.success ? {} : zodIssuesToFieldErrors(result.error);
  // PostgreSQL refuses NUL in text (a 500 at flush time); broken UTF-16 is no text anyone typed.
  for (const field of fieldsWithUnstorableText(input)) {
    if (!Object.hasOwn(errors, field))
      errors[field] = [`The ${field.split('.').pop()!.replace(/_/g, ' ')} contains characters that are not allowed.`];
  }
  if (result.success && !Object.keys(errors).length) return { success: true, data: result.data, errors: {} };
  return { success: false, errors };
}

// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for.
const UNSTORABLE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Dotted paths of the strings in `input` that hold a NUL character or a lone surrogate. */
function fieldsWithUnstorableText(input: unknown, path: string[] = [], depth = 0): string[] {
  if (typeof input === 'string') return UNSTORABLE_TEXT.test(input) ? [path.length ? path.join('.') : '_'] : [];
  if (typeof input !== 'object' || input === null || depth > 20) return [];
  return Object.entries(input).flatMap(([name, value]) => fieldsWithUnstorableText(value, [...path, name], depth + 1));
}

/** Adds a ValidationException's fields to `errors` (to answer every field in one 422); rethrows anything else. */
export function collectFieldErrors(error: unknown, errors: Record<string, string[]>): null {
  if (!(error instanceof ValidationException)) throw error;
  Object.assign(errors, error.errors);
  return null;
}
