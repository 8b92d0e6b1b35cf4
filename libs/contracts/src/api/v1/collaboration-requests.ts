import { z } from 'zod';
import {
  CASE_DIRECTIONS,
  CASE_STATUSES,
  NOTE_VISIBILITIES,
  PRIORITIES,
  type RespondStatus,
} from '../../constants/cases';
import { LIMITS } from '../../constants/limits';
import { emailField, optionalText, phoneField, requiredText } from '../common';
import { endpoint } from '../endpoint';
import { ANSWER_REQUIRED_FIELDS, CaseNoteBody } from '../member/case-answers';
import { CaseResponseShape } from '../member/case-detail';

/** Page sizes of the case list: a connector syncing a company's cases reads them in few requests. */
export const COLLABORATION_PAGE = { defaultLimit: 25, maxLimit: 100, cursorMaxLength: 128 } as const;

export const COLLABORATION_MESSAGES = {
  badCursor: 'The cursor is not one this list gave out.',
  noCompany: 'Collaboration requests belong to a member company; this account has none.',
  badDate: (field: string) => `The ${field} must be an ISO 8601 date or date-time, e.g. 2026-01-31T09:00:00Z.`,
} as const;

// ---------- shapes ----------

export const CollaborationParty = z.object({ company_id: z.number(), company_name: z.string() });

/** An answer on the case: the receiver's approval, rejection or information request, the submitter's reply. */
export const CollaborationResponse = CaseResponseShape.pick({
  id: true,
  type: true,
  case_number: true,
  engineer_name: true,
  engineer_email: true,
  engineer_phone: true,
  created_at: true,
}).extend({
  /** The approval's next steps, the rejection's reason, the requested or the supplied information. */
  text: z.string().nullable(),
});
export type CollaborationResponse = z.infer<typeof CollaborationResponse>;

/** A case as the caller's company sees it (the case page's facts; notes are read at /notes). */
export const CollaborationRequest = z.object({
  id: z.number(),
  token: z.string(),
  /** outbound: the caller's company submitted it; inbound: it received it. */
  direction: z.enum(CASE_DIRECTIONS),
  status: z.enum(CASE_STATUSES),
  priority: z.enum(PRIORITIES),
  summary: z.string(),
  description: z.string(),
  internal_case_number: z.string(),
  receiver_case_number: z.string().nullable(),
  submitter: CollaborationParty,
  receiver: CollaborationParty,
  /** The submitter's engineer. */
  engineer: z.object({
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    phone_country_code: z.string(),
  }),
  receiver_engineer: z.object({
    name: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
  }),
  created_at: z.string(),
  updated_at: z.string(),
  response_due_at: z.string().nullable(),
  /** The position of the case's last change; its ETag starts with it and If-Match compares it. */
  event_seq: z.number(),
  responses: z.array(CollaborationResponse),
  /** The intake form's answers, as the case page shows them; empty once retention has purged them. */
  custom_fields: z.array(
    z.object({ section: z.string(), field: z.string(), value: z.string().nullable(), type: z.string() }),
  ),
  custom_fields_purged: z.boolean(),
  /** Sent to the sandbox partner, which answers by itself: a trial, outside reports and SLA. */
  test_case: z.boolean(),
});
export type CollaborationRequest = z.infer<typeof CollaborationRequest>;

export const CollaborationNote = z.object({
  id: z.number(),
  summary: z.string().nullable(),
  description: z.string().nullable(),
  creator_name: z.string(),
  company_name: z.string().nullable(),
  created_at: z.string(),
  /** partner: both companies read it; internal: only your company does. */
  visibility: z.enum(NOTE_VISIBILITIES),
});
export type CollaborationNote = z.infer<typeof CollaborationNote>;

export const CollaborationNoteList = z.object({
  /** Newest first, as the case page shows them; empty when the caller's company has the notes feed off. */
  data: z.array(CollaborationNote),
  /** Whether the caller's company reads and writes notes at all (adding one answers 403 when not). */
  notes_enabled: z.boolean(),
});
export type CollaborationNoteList = z.infer<typeof CollaborationNoteList>;

// ---------- the list ----------

/** Calendar dates and date-times of ISO 8601 (a date-time needs Z or an offset), years 1000 to 9999. */
const ISO_8601 = /^([1-9]\d{3})-(\d{2})-(\d{2})(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:\d{2}))?$/i;

function isIsoInstant(text: string): boolean {
  const match = ISO_8601.exec(text);
  if (!match) return false;
  const [year, month, day] = match.slice(1, 4).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  // Refuses 2026-02-30 rather than reading it as March 2.
  const realDay = date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return realDay && !Number.isNaN(Date.parse(text));
}

/** An optional instant of the query: the date or date-time as sent; a bad one is a 422 naming the field. */
const instantField = (field: string) =>
  z
    .string()
    .max(40, COLLABORATION_MESSAGES.badDate(field))
    .refine(isIsoInstant, COLLABORATION_MESSAGES.badDate(field))
    .transform((text) => new Date(text))
    .optional();

export const CollaborationRequestQuery = z.object({
  status: z.enum(CASE_STATUSES, { error: `The status must be one of ${CASE_STATUSES.join(', ')}.` }).optional(),
  direction: z.enum(['outbound', 'inbound'], { error: 'The direction must be outbound or inbound.' }).optional(),
  /** The other company of the case. */
  partner: z.coerce
    .number({ error: 'The partner must be a company id.' })
    .int('The partner must be a company id.')
    .min(1, 'The partner must be a company id.')
    .max(2_147_483_647, 'The partner must be a company id.')
    .optional(),
  created_after: instantField('created_after'),
  created_before: instantField('created_before'),
  updated_after: instantField('updated_after'),
  updated_before: instantField('updated_before'),
  limit: z.coerce
    .number({ error: 'The limit must be a number.' })
    .int('The limit must be a whole number.')
    .min(1, 'The limit must be at least 1.')
    .max(COLLABORATION_PAGE.maxLimit, `The limit may not be greater than ${COLLABORATION_PAGE.maxLimit}.`)
    .default(COLLABORATION_PAGE.defaultLimit),
  /** The next_cursor of the previous page; leave out for the first page. */
  cursor: z
    .string()
    .max(COLLABORATION_PAGE.cursorMaxLength, COLLABORATION_MESSAGES.badCursor)
    .optional()
    .transform((value) => value || undefined),
});
export type CollaborationRequestQuery = z.input<typeof CollaborationRequestQuery>;

export const CollaborationRequestPage = z.object({
  /** In created_at order, then id, oldest first: an order that new or changed cases never reshuffle. */
  data: z.array(CollaborationRequest),
  /** Where to continue: the page's last case's cursor, or the one asked with when the page is empty. */
  next_cursor: z.string().nullable(),
  /** More cases follow now; when false, ask again later with next_cursor for cases created since. */
  has_more: z.boolean(),
});
export type CollaborationRequestPage = z.infer<typeof CollaborationRequestPage>;

// ---------- actions ----------

type AnswerField = (typeof ANSWER_REQUIRED_FIELDS)[RespondStatus][number];
const requires = (status: RespondStatus, field: AnswerField) =>
  (ANSWER_REQUIRED_FIELDS[status] as readonly AnswerField[]).includes(field);

/** A text field of an answer, required where the token page's answer requires it (ANSWER_REQUIRED_FIELDS). */
function answerText(status: RespondStatus, field: AnswerField, max: number, label: string) {
  return requires(status, field) ? requiredText(max, label) : optionalText(max, label);
}

/** The answering engineer of an approval, rejection or information request. */
function engineerFields(status: RespondStatus) {
  return {
    engineer_name: answerText(status, 'engineer_name', LIMITS.nameMax * 2, 'The engineer name'),
    engineer_email: requires(status, 'engineer_email')
      ? emailField
      : emailField.nullish().or(z.literal('').transform(() => null)),
    engineer_phone: phoneField,
  };
}

export const CollaborationApprovalBody = z.object({
  case_number: optionalText(100, 'The case number'),
  ...engineerFields('accepted'),
  next_steps: answerText('accepted', 'next_steps', LIMITS.textMax, 'The next steps'),
});
export const CollaborationRejectionBody = z.object({
  ...engineerFields('rejected'),
  reason: answerText('rejected', 'next_steps', LIMITS.textMax, 'The reason'),
});
export const CollaborationInformationRequestBody = z.object({
  ...engineerFields('information'),
  requested_information: answerText('information', 'next_steps', LIMITS.textMax, 'The requested information'),
});
export const CollaborationInformationResponseBody = z.object({
  requested_information: answerText(
    'information-reply',
    'additional_information',
    LIMITS.textMax,
    'The requested information',
  ),
});

/** Every write on a case honours If-Match: the ETag (or "<event_seq>") read last, 412 when the case moved on. */
const CASE_WRITE = 'If-Match makes it conditional';

export const connectCasesApi = {
  list: endpoint({
    method: 'GET',
    path: 'v1/collaboration-requests',
    access: 'user',
    scope: 'cases:read',
    summary:
      "Your company's cases, both directions, by created_at then id, paged by a cursor that skips and repeats none",
    query: CollaborationRequestQuery,
    response: CollaborationRequestPage,
  }),
  get: endpoint({
    method: 'GET',
    path: 'v1/collaboration-requests/:token',
    access: 'user',
    scope: 'cases:read',
    summary: 'One case of your company, with its answers; its ETag is "<event_seq>.<digest>"',
    response: CollaborationRequest,
  }),
  approve: endpoint({
    method: 'POST',
    path: 'v1/collaboration-requests/:token/approval',
    access: 'user',
    scope: 'cases:write',
    idempotent: 'key',
    summary: `The receiving company accepts the case; ${CASE_WRITE}`,
    body: CollaborationApprovalBody,
    response: CollaborationRequest,
  }),
  reject: endpoint({
    method: 'POST',
    path: 'v1/collaboration-requests/:token/rejection',
    access: 'user',
    scope: 'cases:write',
    idempotent: 'key',
    summary: `The receiving company rejects the case after asking for information; ${CASE_WRITE}`,
    body: CollaborationRejectionBody,
    response: CollaborationRequest,
  }),
  requestInformation: endpoint({
    method: 'POST',
    path: 'v1/collaboration-requests/:token/information-request',
    access: 'user',
    scope: 'cases:write',
    idempotent: 'key',
    summary: `The receiving company asks the submitter for information; ${CASE_WRITE}`,
    body: CollaborationInformationRequestBody,
    response: CollaborationRequest,
  }),
  supplyInformation: endpoint({
    method: 'POST',
    path: 'v1/collaboration-requests/:token/information-response',
    access: 'user',
    scope: 'cases:write',
    idempotent: 'key',
    summary: `The submitting company supplies the information asked for; ${CASE_WRITE}`,
    body: CollaborationInformationResponseBody,
    response: CollaborationRequest,
  }),
  close: endpoint({
    method: 'POST',
    path: 'v1/collaboration-requests/:token/closure',
    access: 'user',
    scope: 'cases:write',
    idempotent: 'key',
    summary: `The submitting company closes an accepted case; ${CASE_WRITE}`,
    response: CollaborationRequest,
  }),
  notes: endpoint({
    method: 'GET',
    path: 'v1/collaboration-requests/:token/notes',
    access: 'user',
    scope: 'cases:read',
    summary: "The case's notes, newest first; none where your company has the notes feed off",
    response: CollaborationNoteList,
  }),
  addNote: endpoint({
    method: 'POST',
    path: 'v1/collaboration-requests/:token/notes',
    access: 'user',
    scope: 'cases:write',
    idempotent: 'key',
    summary: `Add a note while the case is accepted or waiting for information; ${CASE_WRITE}`,
    body: CaseNoteBody,
    response: CollaborationNote,
  }),
};
