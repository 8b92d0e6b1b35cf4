import { z } from 'zod';
import { LIMITS, PASSWORD_SPECIAL_CHARACTERS } from '../constants/limits';
import { MESSAGES } from '../messages';

/** 422 body: { message, errors: { field: [messages] } }. */
export const ValidationErrorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
});
export type ValidationErrorBody = z.infer<typeof ValidationErrorBody>;

/** Any other failure: { error }. */
export const ErrorBody = z.object({ error: z.string() });
export type ErrorBody = z.infer<typeof ErrorBody>;

export const MessageBody = z.object({ message: z.string() });
export const SuccessBody = z.object({ success: z.boolean(), message: z.string().optional() });
/** The answer of a change made on request: whether it was done, and the message to show. */
export const DoneBody = z.object({ success: z.boolean(), message: z.string() });
export const EmptyBody = z.object({}).strict();

/** Trimmed, required text up to max characters. */
export const requiredText = (max: number, label = 'This field') =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} may not be greater than ${max} characters.`);

export const optionalText = (max: number, label = 'This field') =>
  z
    .string()
    .trim()
    .max(max, `${label} may not be greater than ${max} characters.`)
    .nullish()
    .transform((value) => (value ? value : null));

/** An optional e-mail address, lower-cased; blank is null. `label` names it in the messages ("to email"). */
export const optionalEmail = (label: string) =>
  z
    .string()
    .trim()
    .max(LIMITS.emailMax, `The ${label} may not be greater than ${LIMITS.emailMax} characters.`)
    .nullish()
    .transform((value) => (value ? value.toLowerCase() : null))
    .refine(
      (value) => value === null || z.email().safeParse(value).success,
      `The ${label} must be a valid email address.`,
    );

/** Optional addresses separated by commas or semicolons (a cc list), up to 1000 characters; empty becomes null. */
export const optionalEmailList = (label: string) =>
  z
    .string()
    .trim()
    .max(1000, `The ${label} may not be greater than 1000 characters.`)
    .nullish()
    .transform((value) => (value ? value : null))
    .refine(
      (value) =>
        value === null ||
        value
          .split(/[,;]/)
          .map((part) => part.trim())
          .filter(Boolean)
          .every((part) => z.email().safeParse(part).success),
      `The ${label} must be a comma separated list of valid email addresses.`,
    );

/** A list's page number in a query string, from 1. */
export const pageField = z.coerce.number().int().min(1).max(100_000).default(1);

/** A list's page size in a query string: `fallback` when absent, capped at LIMITS.maxPageSize (a larger limit answers maxPageSize rows). */
export const pageSizeField = (fallback: number = LIMITS.pageSize) =>
  z.coerce
    .number()
    .int()
    .min(1)
    .default(fallback)
    .transform((limit) => Math.min(limit, LIMITS.maxPageSize));

export const emailField = z
  .string({ error: 'The email field is required.' })
  .trim()
  .min(1, 'The email field is required.')
  .max(LIMITS.emailMax, `The email may not be greater than ${LIMITS.emailMax} characters.`)
  .pipe(z.email('The email must be a valid email address.'))
  .transform((value) => value.toLowerCase());

export const phoneField = z
  .string()
  .trim()
  .max(LIMITS.phoneMax, `The phone may not be greater than ${LIMITS.phoneMax} characters.`)
  .nullish()
  .transform((value) => (value ? value : null));

const specials = PASSWORD_SPECIAL_CHARACTERS.map((c) => `\\${c}`).join('');
export const PASSWORD_PATTERN = new RegExp(
  `^(?=.*[a-z])(?=.*[A-Z])(?=.*\\d)(?=.*[${specials}]).{${LIMITS.passwordMin},}$`,
);

export const passwordField = z
  .string({ error: 'The password field is required.' })
  .min(1, 'The password field is required.')
  .max(200, 'The password may not be greater than 200 characters.')
  .regex(PASSWORD_PATTERN, MESSAGES.passwordRule);

/** Adds the password_confirmation check to a schema that has password and password_confirmation. */
export function withPasswordConfirmation<
  T extends z.ZodType<{ password?: string | null; password_confirmation?: string | null }>,
>(schema: T) {
  return schema.superRefine((value, ctx) => {
    if (value.password && value.password !== value.password_confirmation) {
      ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: MESSAGES.passwordConfirmation });
    }
  });
}

/** Checkbox that must be ticked: accepts true, 1, '1', 'true', 'on'. */
export const agreeField = z
  .union([z.boolean(), z.number(), z.string()], { error: MESSAGES.privacyPolicy })
  .nullish()
  .transform((value) => value === true || value === 1 || value === '1' || value === 'true' || value === 'on')
  .refine((value) => value, MESSAGES.privacyPolicy);

/** Numeric id in a path or body; accepts "12" and 12. */
export const idField = z.coerce.number({ error: 'The id must be a number.' }).int().nonnegative();

/** A required choice of a select (an id); empty, 0 and nothing say `message`, which tells what to do. */
export const chosenIdField = (message: string) =>
  z.preprocess(
    (value) => (value === '' || value === null || value === 0 || value === '0' ? undefined : value),
    z.coerce.number({ error: message }).int(message).positive(message),
  );

/**
 * A web site address: http(s), or a bare host name ("example.com", read as https://example.com). Null when it is
 * not one: words with spaces, a host without a dot, another scheme (javascript:, mailto:).
 */
export function normalizeWebsite(value: string): string | null {
  if (/\s/.test(value)) return null;
  const otherScheme = /^[a-z][a-z0-9+.-]*:(?!\d)/i.test(value) && !/^https?:\/\//i.test(value);
  if (otherScheme) return null;
  const candidate = /^https?:\/\//i.test(value) ? value : `https://${value}`;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  return /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(url.hostname) ? candidate : null;
}

/** An optional web site address (see normalizeWebsite), answered normalized. */
export const optionalWebsite = (max: number, label: string) =>
  optionalText(max, label).transform((value, ctx) => {
    if (value === null) return null;
    const website = normalizeWebsite(value);
    if (website === null) {
      ctx.addIssue({ code: 'custom', message: `${label} must be a web address, such as https://example.com.` });
      return z.NEVER;
    }
    return website;
  });

export const Country = z.object({ id: z.number(), name: z.string(), country_code: z.string() });
export type Country = z.infer<typeof Country>;

export const TokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number(),
});
export type TokenResponse = z.infer<typeof TokenResponse>;

export const Paginated = <T extends z.ZodType>(row: T) =>
  z.object({
    data: z.array(row),
    total: z.number(),
    current_page: z.number(),
    per_page: z.number(),
  });

export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(LIMITS.maxPageSize).default(LIMITS.pageSize),
});
