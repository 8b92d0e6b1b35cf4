import { z } from 'zod';
import {
  CASE_DIRECTIONS,
  CASE_STATUSES,
  NOTE_VISIBILITIES,
  PRIORITIES,
  RESPOND_STATUSES,
  RESPONSE_TYPES,
  type RespondStatus,
} from '../../constants/cases';
import { LIMITS } from '../../constants/limits';
import { CaseEscalationShape } from './case-escalations';
import {
  emailField,
  idField,
  optionalText,
  pageField,
  pageSizeField,
  Paginated,
  phoneField,
  requiredText,
  SuccessBody,
} from '../common';
import { endpoint } from '../endpoint';

/** Two-letter country code of a phone number (US, IE...); stored upper-case. */
const phoneCountryCode = z
  .string()
  .trim()
  .refine(
    (code) => code === '' || /^[A-Za-z]{2}$/.test(code),
    'The phone country code must be a two-letter country code.',
  )
  .transform((code) => (code ? code.toUpperCase() : null))
  .nullish();

// ---------- lists ----------

/** The answer to a case that does not exist or that the asker may not read (the same, so ids cannot be probed). */
export const CASE_NOT_FOUND = 'Case not found.';

/** The 412 of a write whose If-Match names a version of the case that is no longer current. */
export const caseVersionMismatch = (current: number) =>
  `The case has changed since the version named in If-Match: it is now at event_seq ${current}. Read it again.`;

export const CaseListRow = z.object({
  id: z.number(),
  internal_case_number: z.string(),
  token: z.string(),
  direction: z.enum(CASE_DIRECTIONS),
  partner: z.object({ name: z.string() }),
  partner_case_number: z.string().nullable(),
  summary: z.string(),
  priority: z.enum(PRIORITIES),
  status: z.enum(CASE_STATUSES),
  created_at: z.string(),
  updated_at: z.string(),
  respond_date: z.string().nullable(),
  response_due_at: z.string().nullable(),
  sla_paused: z.boolean(),
  late: z.boolean(),
  /** Sent to the sandbox partner: a trial case, outside reports and SLA. */
  is_test: z.boolean(),
  /** The entries of the case's log the viewer's side can see (live rows carry it too). */
  entry_count: z.number(),
  /**
   * How many of them the viewer has read: null when they neither watch nor ever opened the case (no mark). Absent
   * from live rows, which are the company's: a client keeps the value it has.
   */
  read_count: z.number().nullable().optional(),
});
export type CaseListRow = z.infer<typeof CaseListRow>;

export const CASE_SORT_COLUMNS = [
  'internal_case_number',
  'partner',
  'summary',
  'priority',
  'status',
  'created_at',
  'updated_at',
  'respond_date',
] as const;

export const CaseListQuery = z.object({
  q: z.string().trim().max(LIMITS.nameMax).optional(),
  /** Absent: updated_at for the case lists, created_at for My Cases. */
  sort: z.enum(CASE_SORT_COLUMNS, { error: 'The sort column is not valid.' }).optional(),
  dir: z.enum(['asc', 'desc'], { error: 'The direction must be asc or desc.' }).default('desc'),
  /** inbound-action: inbound cases waiting for the viewer's company; watching: cases the viewer watches. */
  filter: z.enum(['inbound-action', 'watching'], { error: 'The filter is not valid.' }).optional(),
  /** The server caps the page size at LIMITS.maxPageSize (a larger limit answers maxPageSize rows). */
  limit: pageSizeField(),
  page: pageField,
  not_closed: z.enum(['true', 'false']).optional(),
});
export type CaseListQuery = z.input<typeof CaseListQuery>;

export const CaseList = Paginated(CaseListRow).extend({
  /** Present (true) only when `total` is an estimate: lists count exactly up to 1,000 matching cases. */
  total_estimated: z.literal(true).optional(),
});
export type CaseList = z.infer<typeof CaseList>;

// ---------- one case ----------

export const CaseResponseShape = z.object({
  id: z.number(),
  type: z.enum(RESPONSE_TYPES),
  case_number: z.string().nullable(),
  engineer_name: z.string().nullable(),
  engineer_email: z.string().nullable(),
  engineer_phone: z.string().nullable(),
  reviewer_name: z.string().nullable(),
  reviewer_email: z.string().nullable(),
  next_steps: z.string().nullable(),
  additional_information: z.string().nullable(),
  created_at: z.string(),
});
export type CaseResponseShape = z.infer<typeof CaseResponseShape>;

export const CaseNoteShape = z.object({
  id: z.number(),
  summary: z.string().nullable(),
  description: z.string().nullable(),
  created_at: z.string(),
  creator_name: z.string(),
  user: z.object({ full_name: z.string() }).nullable(),
  company: z.object({ name: z.string(), url: z.string().nullable() }).nullable(),
  /** partner: both companies read it; internal: only the author's company (never the partner, staff or token page). */
  visibility: z.enum(NOTE_VISIBILITIES),
});
export type CaseNoteShape = z.infer<typeof CaseNoteShape>;

/** The file part of a case attachment upload (the case page's and the integration API's): up to 5 files at once. */
export const CASE_ATTACHMENT_FILES = { name: 'files', maxCount: 5 } as const;

export const CaseAttachmentShape = z.object({
  id: z.number(),
  original_filename: z.string(),
  size_bytes: z.number(),
  description: z.string().nullable(),
  upload_state: z.enum(['pending', 'uploading', 'done', 'failed', 'not_required']),
  created_at: z.string(),
  company: z.object({ name: z.string() }).nullable(),
});
export type CaseAttachmentShape = z.infer<typeof CaseAttachmentShape>;

export const CaseEntry = z.object({
  id: z.number(),
  token: z.string(),
  status: z.enum(CASE_STATUSES),
  internal_case_number: z.string(),
  summary: z.string(),
  description: z.string(),
  priority: z.enum(PRIORITIES),
  company: z.object({ id: z.number(), name: z.string(), slug: z.string() }),
  receiver: z.object({ id: z.number(), name: z.string(), slug: z.string(), department: z.string().nullable() }),
  engineer: z.object({
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    phone_country_code: z.string(),
  }),
  receiver_case_number: z.string().nullable(),
  receiver_engineer: z.object({
    name: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
  }),
  customer_data: z.array(
    z.object({ section: z.string(), field: z.string(), value: z.string().nullable(), type: z.string() }),
  ),
  customer_data_purged: z.boolean(),
  responses: z.array(CaseResponseShape),
  document: z.object({
    id: z.number(),
    name: z.string(),
    document_type: z.string(),
    escalation_instructions: z.string().nullable(),
  }),
  created_at: z.string(),
  updated_at: z.string(),
  response_due_at: z.string().nullable(),
  sla_paused: z.boolean(),
  event_seq: z.number(),
  /** Sent to the sandbox partner: a trial case, outside reports and SLA. */
  is_test: z.boolean(),
});
export type CaseEntry = z.infer<typeof CaseEntry>;

/** What a signed-in member of either company sees, with the controls the case's status and their side allow. */
export const CaseDetail = CaseEntry.extend({
  direction: z.enum(CASE_DIRECTIONS),
  notes: z.array(CaseNoteShape),
  attachments: z.array(CaseAttachmentShape),
  /** Manager escalations linked to the case, oldest first (both companies, whatever their notes setting). */
  escalations: z.array(CaseEscalationShape),
  allow_notes: z.boolean(),
  controls: z.object({
    visible: z.boolean(),
    can_close: z.boolean(),
    can_update_response: z.boolean(),
    can_update_submission: z.boolean(),
    can_add_note: z.boolean(),
    can_upload: z.boolean(),
  }),
});
export type CaseDetail = z.infer<typeof CaseDetail>;

/** What a token link sees (no sign-in): the case, the latest response and all of them. */
export const PublicCaseResponse = z.object({
  case: CaseEntry,
  response: CaseResponseShape.nullable(),
  allResponses: z.array(CaseResponseShape),
  receiver: z.object({ name: z.string(), slug: z.string() }),
  /** Which answers the token page may give now. */
  allowed: z.object({
    accept: z.boolean(),
    request_information: z.boolean(),
    reject: z.boolean(),
    provide_information: z.boolean(),
  }),
});
export type PublicCaseResponse = z.infer<typeof PublicCaseResponse>;

// ---------- answers ----------

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

export const caseApi = {
  list: endpoint({
    method: 'GET',
    path: 'caller/get-cases/:scope',
    access: 'user',
    summary: 'Cases of the user (mine) or the company, paged',
    query: CaseListQuery,
    response: CaseList,
  }),
  listRecent: endpoint({
    method: 'GET',
    path: 'caller/get-cases/:scope/:days',
    access: 'user',
    summary: 'Cases of the last 30 days (days is 30)',
    query: CaseListQuery,
    response: CaseList,
  }),
  myCases: endpoint({
    method: 'GET',
    path: 'caller/my-cases',
    access: 'user',
    summary: 'The My Cases table',
    query: CaseListQuery,
    response: z.object({ my_cases: CaseList }),
  }),
  details: endpoint({
    method: 'GET',
    path: 'caller/case-details/:token',
    access: 'user',
    summary: 'A case of the user’s company, with feed and controls',
    response: z.object({ case: CaseDetail }),
  }),
  publicCase: endpoint({
    method: 'GET',
    path: 'caller/case/:token',
    access: 'public',
    summary: 'A case by its token link',
    response: PublicCaseResponse,
  }),
  respond: endpoint({
    method: 'POST',
    path: 'caller/case/:token/respond',
    access: 'public',
    summary: 'Answer a case by its token link (accept, request information, reject, supply information)',
    body: RespondBody,
    response: z.object({ message: z.string(), status: z.enum(CASE_STATUSES) }),
  }),
  updateResponse: endpoint({
    method: 'POST',
    path: 'caller/case/:token/update-response',
    access: 'user',
    summary: 'The receiver updates its engineer details',
    body: UpdateEngineerBody,
    response: SuccessBody,
  }),
  updateSubmission: endpoint({
    method: 'POST',
    path: 'caller/case/:token/update-submission',
    access: 'user',
    summary: 'The submitter updates its engineer details',
    body: UpdateEngineerBody,
    response: SuccessBody,
  }),
  addNote: endpoint({
    method: 'POST',
    path: 'caller/case/:token/note',
    idempotent: 'key',
    access: 'user',
    summary: 'Add a note to the collaboration feed',
    body: CaseNoteBody,
    response: z.object({ note: CaseNoteShape }),
  }),
  close: endpoint({
    method: 'POST',
    path: 'caller/case/:token/close',
    access: 'user',
    summary: 'The submitter closes an accepted case',
    body: CloseCaseBody,
    response: SuccessBody,
  }),
  data: endpoint({
    method: 'GET',
    path: 'caller/case/:token/data/:companyId',
    access: 'user',
    summary: 'Extra case data for the external collaboration service',
    response: z.object({ domain: z.string().nullable(), password: z.string().nullable() }),
  }),
  uploadAttachment: endpoint({
    method: 'POST',
    path: 'caller/case/:token/attachments',
    access: 'user',
    summary: 'Attach files to a case (multipart: description, files)',
    multipart: true,
    fileField: CASE_ATTACHMENT_FILES,
    body: z.object({ description: optionalText(LIMITS.summaryMax, 'The description') }),
    response: z.object({ attachments: z.array(CaseAttachmentShape) }),
  }),
  downloadAttachment: endpoint({
    method: 'GET',
    path: 'caller/case/:token/attachments/:id',
    access: 'user',
    summary: 'Download a case attachment',
    response: z.unknown(),
    file: true,
  }),
} as const;

// ---------- manager escalation requests ----------

export const ManagerRequestShape = z.object({
  token: z.string(),
  submitting_company: z.object({ name: z.string() }),
  receiving_company: z.object({ name: z.string() }),
  document: z.object({ name: z.string() }),
  internal_reference: z.string(),
  vendor_reference: z.string().nullable(),
  created_at: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  business_impact: z.string(),
  escalation_type: z.string().nullable(),
  notes: z.string().nullable(),
  /** A manager has answered through the link; it takes no further answer (409). */
  answered: z.boolean(),
});
/** The 409 of a second answer to a manager request link. */
export const MANAGER_REQUEST_ANSWERED = 'This escalation request has already been answered.';
export const ManagerResponseShape = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  phone_country_code: z.string().nullable(),
  internal_reference: z.string().nullable(),
  escalation_type: z.string().nullable(),
  notes: z.string().nullable(),
  created_at: z.string(),
});
export const ManagerResponseBody = z.object({
  first_name: z.string().trim().min(1, 'The first name is required.').max(LIMITS.nameMax),
  last_name: z.string().trim().min(1, 'The last name is required.').max(LIMITS.nameMax),
  email: emailField,
  phone: phoneField,
  phone_country_code: phoneCountryCode,
  only_numbers: z.string().max(LIMITS.phoneMax).nullish(),
  internal_reference: optionalText(100, 'The internal reference'),
  escalation_type: optionalText(50, 'The escalation type'),
  update_profile: z.boolean().default(true),
  notes: optionalText(LIMITS.textMax, 'The notes'),
});

export const managerApi = {
  get: endpoint({
    method: 'GET',
    path: 'manager/request/get/:token',
    access: 'public',
    summary: 'A manager escalation request by its token link',
    response: z.object({ request: ManagerRequestShape, responses: z.array(ManagerResponseShape) }),
  }),
  responses: endpoint({
    method: 'GET',
    path: 'manager/request/response/get/:token',
    access: 'public',
    summary: 'Responses to a manager request',
    response: z.object({ responses: z.array(ManagerResponseShape) }),
  }),
  respond: endpoint({
    method: 'POST',
    path: 'manager/request/response/:token',
    access: 'public',
    summary: 'A manager answers an escalation request',
    body: ManagerResponseBody,
    response: z.object({ message: z.string(), response: ManagerResponseShape }),
  }),
} as const;
