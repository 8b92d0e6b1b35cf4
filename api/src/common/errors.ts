import { HttpException, HttpStatus } from '@nestjs/common';
import type { z } from 'zod';

/** 422 with the spec's shape: { message, errors: { field: [messages] } }. */
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
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}

export function parseOrThrow<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (!result.success) throw new ValidationException(zodIssuesToFieldErrors(result.error));
  return result.data;
}

/** Adds a ValidationException's fields to `errors` (to answer every field in one 422); rethrows anything else. */
export function collectFieldErrors(error: unknown, errors: Record<string, string[]>): null {
  if (!(error instanceof ValidationException)) throw error;
  Object.assign(errors, error.errors);
  return null;
}
