import { z } from 'zod';
import { PRIORITIES } from '../../constants/cases';
import { DOCUMENT_TYPES, REQUIREMENT_SECTIONS, REQUIREMENT_TYPES } from '../../constants/documents';
import { endpoint } from '../endpoint';
import { UpdateEngineerBody } from '../member/case-answers';
import { CaseSubmissionBody, CustomFieldValue, PriorityMessages } from '../member/documents';
import { CollaborationRequest } from './collaboration-requests';

export const INTAKE_MESSAGES = {
  documentId: 'The document_id must be the id of a form (GET /v1/documents/{id}).',
  departmentId: 'The department_id must be the id of a department the form serves.',
  engineer: 'The engineer must be an object with first_name, last_name and email.',
  noField: 'Name a field of the form by field_id or field.',
  unknownField: (name: string) => `The form has no field ${name}.`,
  ambiguousField: (name: string) => `Several fields of the form are called ${name}: send its field_id.`,
  repeatedField: (name: string) => `The field ${name} is given more than once.`,
} as const;

const MAX_ID = 2_147_483_647;

/** An id in the body: a positive whole number PostgreSQL can hold; anything else is a 422 naming the field. */
const bodyId = (message: string) =>
  z.coerce.number({ error: message }).int(message).min(1, message).max(MAX_ID, message);

// ---------- the form ----------

export const IntakeFieldOption = z.object({
  /** What to send as the field's value (a tierselect: "<value> : <child value>"; a db_select: the id or label). */
  value: z.string(),
  label: z.string(),
  /** groupselect: the group of fields this choice shows. */
  group: z.string().nullable(),
  /** tierselect: the second-tier choices of this option. */
  children: z.array(z.object({ value: z.string(), label: z.string() })),
});

export const IntakeField = z.object({
  /** The field's id: send it as custom_fields[].field_id. */
  id: z.number(),
  /** The field's stable name (its code label): send it as custom_fields[].field. */
  name: z.string(),
  label: z.string(),
  type: z.enum(REQUIREMENT_TYPES),
  /** Must be filled in whenever the field is shown (see group and conditions). */
  required: z.boolean(),
  /** Shown, and checked, only while a groupselect's chosen option has this group; null: always shown. */
  group: z.string().nullable(),
  /** The position of the field in the whole form, from 0. */
  display_order: z.number(),
  /** select, tierselect, groupselect and db_select; null for the other types. */
  options: z.array(IntakeFieldOption).nullable(),
  /** select: any other text is accepted too (the form's "Other"). */
  allow_other: z.boolean(),
  max_length: z.number().nullable(),
  /** hidden: the value stored whatever is sent; copy: the text shown to the engineer (never sent). */
  value: z.string().nullable(),
  /** A tierselect's second-tier choice that makes this field required, or hides it (then it is not checked). */
  conditions: z.array(z.object({ field: z.string(), sub_option: z.string(), effect: z.enum(['required', 'hidden']) })),
});
export type IntakeField = z.infer<typeof IntakeField>;

export const IntakeSection = z.object({
  section: z.enum(REQUIREMENT_SECTIONS),
  title: z.string(),
  fields: z.array(IntakeField),
});
export type IntakeSection = z.infer<typeof IntakeSection>;

/** A partner's intake form (a process document) as a connector maps or renders it. */
export const IntakeDocument = z.object({
  id: z.number(),
  name: z.string(),
  title: z.string(),
  document_type: z.enum(DOCUMENT_TYPES),
  /** Whether POST /v1/collaboration-requests takes this form (ticket, solution_support and json documents). */
  accepts_cases: z.boolean(),
  company: z.object({ id: z.number(), name: z.string() }),
  /** The departments the form serves: send one as department_id to route the case to it. */
  departments: z.array(z.object({ id: z.number(), name: z.string() })),
  support_hours: z.string().nullable(),
  product_supported: z.string().nullable(),
  /** Sanitized HTML: what the partner asks of an escalation. */
  escalation_instructions: z.string().nullable(),
  /** Sanitized HTML of a static document, or of a parent document's introduction. */
  static_document: z.string().nullable(),
  /** A parent document's sub-forms open to the caller: read and submit to those. */
  children: z.array(z.object({ option_name: z.string(), document_id: z.number() })),
  priority: z.object({
    /** What `priority` may be; only low while locked (basic or standard membership on either side). */
    choices: z.array(z.enum(PRIORITIES)),
    default: z.enum(PRIORITIES),
    locked: z.boolean(),
    /** The SLA's words for each priority, when it has its own. */
    messages: PriorityMessages.nullable(),
  }),
  sections: z.array(IntakeSection),
});
export type IntakeDocument = z.infer<typeof IntakeDocument>;

// ---------- submitting a case ----------

/** One answer of the form: the field by id or by name (its code label, or its label when no name matches). */
export const CustomFieldEntry = z.object({
  field_id: bodyId('The field_id must be the id of a field of the form.').optional(),
  field: z
    .string()
    .trim()
    .min(1, INTAKE_MESSAGES.noField)
    .max(255, 'The field may not be greater than 255 characters.')
    .optional(),
  value: CustomFieldValue,
});

const submission = CaseSubmissionBody.shape;

/**
 * POST /v1/collaboration-requests. The fields the web form has too are checked by the same rules (and messages) as
 * the form's; the form's own fields are custom_fields.
 */
export const CreateCollaborationRequestBody = z.object({
  document_id: bodyId(INTAKE_MESSAGES.documentId),
  /** One of the form's departments; leave out to send the case to the company. */
  department_id: bodyId(INTAKE_MESSAGES.departmentId).nullish(),
  internal_case_number: submission.internal_case_number,
  problem_summary: submission.problem_summary,
  problem_description: submission.problem_description,
  priority: submission.case_priority,
  /** The submitting company's engineer on the case. */
  engineer: z.object(
    {
      first_name: submission.first_name,
      last_name: submission.last_name,
      email: submission.email,
      phone: submission.phone_number,
      phone_country_code: submission.phone_country_code,
    },
    { error: INTAKE_MESSAGES.engineer },
  ),
  custom_fields: z
    .array(CustomFieldEntry, { error: 'The custom_fields must be a list of { field_id or field, value }.' })
    .max(500, 'The custom_fields may not have more than 500 items.')
    .default([]),
  /** A test of the flow: stored as the form's sample, never mailed to the partner nor listed. */
  test_submission: z.boolean({ error: 'The test_submission must be true or false.' }).default(false),
});
export type CreateCollaborationRequestBody = z.input<typeof CreateCollaborationRequestBody>;

/** The engineer of the caller's side, and its case number (the case page's "update details"). */
export const CollaborationEngineerBody = UpdateEngineerBody.omit({ id: true });

export const connectIntakeApi = {
  document: endpoint({
    method: 'GET',
    path: 'v1/documents/:id',
    access: 'user',
    scope: 'cases:read',
    summary: "A partner's intake form you may submit to: its sections, fields, options, rules and priorities",
    response: IntakeDocument,
  }),
  submit: endpoint({
    method: 'POST',
    path: 'v1/collaboration-requests',
    access: 'user',
    scope: 'cases:write',
    idempotent: 'key',
    status: 201,
    summary: 'Submit a case to a partner through its form; answers 201 with the case and its ETag',
    body: CreateCollaborationRequestBody,
    response: CollaborationRequest,
  }),
  engineer: endpoint({
    method: 'PUT',
    path: 'v1/collaboration-requests/:token/engineer',
    access: 'user',
    scope: 'cases:write',
    idempotent: 'key',
    summary: "Set your side's engineer and case number; If-Match makes it conditional",
    body: CollaborationEngineerBody,
    response: CollaborationRequest,
  }),
};
