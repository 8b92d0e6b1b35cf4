import { z } from 'zod';
import {
  CASE_DIRECTIONS,
  CASE_STATUSES,
  CASE_TURNS,
  NOTE_VISIBILITIES,
  PRIORITIES,
  RESPONSE_TYPES,
} from '../../constants/cases';
import { CaseAssignee } from './case-assignment';
import { CaseEscalationShape } from './case-escalations';
import { CaseTimelineEntry } from './case-timeline';

// One case as its readers see it: a member of either company (CaseDetail) or the token link (PublicCaseResponse).

/** The answer to a case that does not exist or that the asker may not read (the same, so ids cannot be probed). */
export const CASE_NOT_FOUND = 'Case not found.';

/** The 412 of a write whose If-Match names a version of the case that is no longer current. */
export const caseVersionMismatch = (current: number) =>
  `The case has changed since the version named in If-Match: it is now at event_seq ${current}. Read it again.`;

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
  /** Whose move the case waits for (the submitter's or the receiver's); null: nobody's. */
  turn: z.enum(CASE_TURNS).nullable(),
});
export type CaseEntry = z.infer<typeof CaseEntry>;

/** What a signed-in member of either company sees, with the controls the case's status and their side allow. */
export const CaseDetail = CaseEntry.extend({
  direction: z.enum(CASE_DIRECTIONS),
  notes: z.array(CaseNoteShape),
  attachments: z.array(CaseAttachmentShape),
  /** Manager escalations linked to the case, oldest first (both companies, whatever their notes setting). */
  escalations: z.array(CaseEscalationShape),
  /** The case's log as the viewer's side sees it, oldest first: the one conversation of the case page. */
  timeline: z.array(CaseTimelineEntry),
  /** Who owns the case on the viewer's side (each side assigns its own); null: nobody, or a super admin's view. */
  assignee: CaseAssignee.nullable(),
  allow_notes: z.boolean(),
  controls: z.object({
    visible: z.boolean(),
    can_close: z.boolean(),
    can_update_response: z.boolean(),
    can_update_submission: z.boolean(),
    can_add_note: z.boolean(),
    can_upload: z.boolean(),
    can_assign: z.boolean(),
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
