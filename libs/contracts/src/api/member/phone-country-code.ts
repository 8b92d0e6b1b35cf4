import { z } from 'zod';

// Not re-exported by the package (index.ts): a field rule the case and manager request bodies share.

/** Two-letter country code of a phone number (US, IE...); stored upper-case. */
export const phoneCountryCode = z
  .string()
  .trim()
  .refine(
    (code) => code === '' || /^[A-Za-z]{2}$/.test(code),
    'The phone country code must be a two-letter country code.',
  )
  .transform((code) => (code ? code.toUpperCase() : null))
  .nullish();
