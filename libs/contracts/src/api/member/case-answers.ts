import { z } from 'zod';
import { NOTE_VISIBILITIES, RESPOND_STATUSES, type RespondStatus } from '../../constants/cases';
import { LIMITS } from '../../constants/limits';
import { emailField, idField, optionalText, phoneField, requiredText } from '../common';
import { phoneCountryCode } from './phone-country-code';

// What is written to a case: the token link's answers, either side's engineer details, notes, closing.

export const RespondBody = z.object({
  status: z.enum(RESPOND_STATUSES, {
    error: 'The status must be accepted, information, rejected or information-reply.',
  }),
  case_number: optionalText(100, 'The case number'),
  engineer_name: optionalText(LIMITS.nameMax * 2, 'The engineer name'),
  engineer_email: emailField.nullish().or(z.literal('').transform(() => null)),
  engineer_phone: phoneField,
  reviewer_name: optionalText(LIMITS.nameMax * 2, 'The reviewer name'),
  reviewer_email: emailField.nullish().or(z.literal('').transform(() => null)),
  next_steps: optionalText(LIMITS.textMax, 'The next steps'),
  additional_information: optionalText(LIMITS.textMax, 'The additional information'),
});
export type RespondBody = z.input<typeof RespondBody>;

/**
 * The fields each answer needs beyond RespondBody's own rules: the token page's answers and the integration API's
 * actions require the same ones (the api checks them in CaseResponsesService).
 */
export const ANSWER_REQUIRED_FIELDS = {
  accepted: ['engineer_name', 'engineer_email'],
  information: ['next_steps'],
  rejected: ['next_steps'],
  'information-reply': ['additional_information'],
} as const satisfies Record<RespondStatus, readonly (keyof RespondBody)[]>;

/** The 422 message of a missing answer field ("The next steps field is required."). */
export const answerFieldRequired = (field: string) => `The ${field.replace(/_/g, ' ')} field is required.`;

/** The engineer contact of one side; the phone is stored as 'countrycode: number' when given. */
export const UpdateEngineerBody = z.object({
  case_number: optionalText(100, 'The case number'),
  engineer_name: requiredText(LIMITS.nameMax * 2, 'The engineer name'),
  engineer_email: emailField,
  engineer_phone: phoneField,
  engineer_country_code: phoneCountryCode,
  id: idField.nullish(),
});

export const CaseNoteBody = z
  .object({
    summary: optionalText(LIMITS.summaryMax, 'The summary'),
    description: optionalText(LIMITS.textMax, 'The description'),
    visibility: z.enum(NOTE_VISIBILITIES, { error: 'The visibility must be partner or internal.' }).default('partner'),
  })
  .refine((note) => !!note.summary || !!note.description, {
    message: 'Please provide some information in the note.',
    path: ['summary'],
  });

export const CloseCaseBody = z.object({ token: z.string().max(200).nullish() });
