import { z } from 'zod';
import { DOCUMENT_TYPES, REQUIREMENT_SECTIONS, REQUIREMENT_TYPES } from '../../constants/documents';
import { PRIORITIES } from '../../constants/cases';
import { LIMITS } from '../../constants/limits';
import { emailField, idField, optionalText, phoneField, requiredText } from '../common';
import { endpoint } from '../endpoint';

// ---------- process (contact) documents as a member sees them ----------

export const RequirementDefinition = z.object({
  id: z.number(),
  type: z.enum(REQUIREMENT_TYPES),
  label: z.string(),
  code_label: z.string().nullable(),
  options: z.unknown().nullable(),
  additional_settings: z.record(z.string(), z.unknown()).nullable(),
});

export const VersionRequirementShape = z.object({
  requirement_id: z.number(),
  section: z.enum(REQUIREMENT_SECTIONS),
  required: z.boolean(),
  group: z.string().nullable(),
  options: z.unknown().nullable(),
  additional_settings: z.record(z.string(), z.unknown()).nullable(),
  requirement: RequirementDefinition,
});
export type VersionRequirementShape = z.infer<typeof VersionRequirementShape>;

export const DocumentFileShape = z.object({
  id: z.number(),
  name: z.string(),
  document_type: z.enum(['file', 'url']),
  /** url: the link; file: the api path that downloads it (documentsApi.documentFileDownload, bearer needed). */
  url: z.string().nullable(),
  community_id: z.number().nullable(),
  original_filename: z.string().nullable(),
});

export const ContactPerson = z.object({
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
});

export const DocumentVersionShape = z.object({
  document_type: z.enum(DOCUMENT_TYPES),
  title: z.string(),
  support_hours: z.string().nullable(),
  product_supported: z.string().nullable(),
  admin_note: z.string().nullable(),
  escalation_instructions: z.string().nullable(),
  manager_users: z.array(z.object({ first_name: z.string(), last_name: z.string(), email: z.string() })),
  common_customer_section_title: z.string().nullable(),
});

export const ContactDocumentShape = z.object({
  id: z.number(),
  name: z.string(),
  company_id: z.number(),
  company: z.object({ name: z.string(), slug: z.string(), membership_type: z.string() }),
  department: z.object({ id: z.number(), name: z.string() }).nullable(),
  is_favorite: z.boolean(),
  files: z.array(DocumentFileShape),
  version: DocumentVersionShape,
  common_customer_section: z.array(VersionRequirementShape),
  problem_section: z.array(VersionRequirementShape),
  contact_section: z.array(VersionRequirementShape),
  doc_linkages: z.array(z.object({ id: z.number(), option_name: z.string(), contact_document_id: z.number() })),
  parent_option_name: z.string().nullable(),
  static_document: z.string().nullable(),
  /** Process owner and escalation contacts: null for callers. */
  escalation: z
    .object({
      main: ContactPerson.nullable(),
      alternate: ContactPerson.nullable(),
      alias: z.string().nullable(),
      collaborate_email: z.string().nullable(),
    })
    .nullable(),
  /** The user's internal note on this document, if any. */
  note: z.string().nullable(),
  case_exchange: z.boolean(),
});
export type ContactDocumentShape = z.infer<typeof ContactDocumentShape>;

export const PriorityMessages = z.object({
  low: z.string().nullable(),
  medium: z.string().nullable(),
  high: z.string().nullable(),
});

export const DocumentsResponse = z.object({
  documents: z.array(ContactDocumentShape),
  priority_messages: PriorityMessages.nullable(),
  /** Forced to low and disabled (basic or standard membership on either side, no custom messages). */
  priority_locked: z.boolean(),
});
export type DocumentsResponse = z.infer<typeof DocumentsResponse>;

// ---------- submitting ----------

/** A value of a process's own field (custom_{requirementId}); the field's type decides what it must be. */
export const CustomFieldValue = z.union([z.string().max(LIMITS.textMax), z.number(), z.boolean(), z.null()]);

/**
 * The case submission payload; custom_{requirementId} fields are checked against the document's
 * current version (422 keyed custom_{id}; a custom_ key of no field of the version is refused):
 * - required fields (and fields a tierselect sub-option makes required) must be non-blank;
 * - fields of a groupselect group other than the chosen one, fields a tierselect hides, copy fields: ignored;
 * - integer: digits; email; url (http/https); phone: digits, spaces, + ( ) - . : up to 25;
 *   timezone: an IANA zone name; string and the others up to 255 characters; text up to 20,000;
 * - select: one of the options, or any other text (the 'Other' input) unless allow_other is false;
 * - tierselect: 'main : sub' with sub among main's options; groupselect: one of the option labels;
 * - db_select: the id (key) of one of the db_select_options; the label is stored;
 * - hidden: the value configured on the field (additional_settings.value) is stored, whatever is sent.
 * case_priority is forced to low when the document answers priority_locked.
 */
export const CaseSubmissionBody = z
  .object({
    first_name: requiredText(LIMITS.nameMax, 'The first name'),
    last_name: requiredText(LIMITS.nameMax, 'The last name'),
    email: emailField,
    phone_number: phoneField,
    phone_country_code: z.string().trim().max(4).nullish(),
    only_numbers: z.string().max(LIMITS.phoneMax).nullish(),
    internal_case_number: requiredText(100, 'The internal case number'),
    problem_summary: requiredText(LIMITS.summaryMax, 'The problem summary'),
    problem_description: requiredText(LIMITS.textMax, 'The problem description'),
    case_priority: z.enum(PRIORITIES, { error: 'The case priority must be low, medium or high.' }).default('low'),
    update_profile: z.boolean().nullish(),
    company_name: optionalText(LIMITS.nameMax),
    department: optionalText(LIMITS.nameMax),
    collaborate_type: z.enum(['company', 'department']),
    collaborate_entity: idField,
    sample_submission: z.boolean().nullish(),
    force_required_fields: z.boolean().nullish(),
  })
  .catchall(CustomFieldValue);
export type CaseSubmissionBody = z.input<typeof CaseSubmissionBody>;

export const SubmittedCase = z.object({
  token: z.string(),
  internal_case_number: z.string(),
  summary: z.string(),
  priority: z.enum(PRIORITIES),
  status: z.string(),
  receiver: z.object({ name: z.string() }),
  created_at: z.string(),
  escalation_instructions: z.string().nullable(),
  is_sample: z.boolean(),
});
export const CollaborateResponse = z.object({ message: z.string(), case: SubmittedCase });

export const ManagerRequestBody = z.object({
  first_name: requiredText(LIMITS.nameMax, 'The first name'),
  last_name: requiredText(LIMITS.nameMax, 'The last name'),
  email: emailField,
  phone: phoneField,
  phone_country_code: z.string().trim().max(4).nullish(),
  only_numbers: z.string().max(LIMITS.phoneMax).nullish(),
  internal_reference: requiredText(100, 'The internal reference'),
  vendor_reference: optionalText(100, 'The vendor reference'),
  business_impact: requiredText(LIMITS.textMax, 'The business impact'),
  escalation_type: optionalText(50, 'The escalation type'),
  update_profile: z.boolean().nullish(),
  notes: optionalText(LIMITS.textMax, 'The notes'),
  company: optionalText(LIMITS.nameMax),
  receive_company_id: idField,
  contact_document_id: idField,
  sample_submission: z.boolean().nullish(),
});
export const ManagerRequestCreated = z.object({
  message: z.string(),
  request: z.object({ token: z.string(), created_at: z.string() }),
});

export const DocumentNoteBody = z.object({
  location: z.string().trim().min(1).max(50).default('contact_document'),
  document_id: idField,
  note: z.string().max(LIMITS.textMax, `The note may not be greater than ${LIMITS.textMax} characters.`),
});
export const DocumentNoteResponse = z.object({
  note: z.object({
    id: z.number(),
    note: z.string(),
    location: z.string(),
    document_id: z.number(),
    updated_at: z.string(),
  }),
});

export const DB_SELECT_MODELS = ['country', 'department', 'company'] as const;
/** Plural spellings a requirement's additional_settings.model may use ("countries") map to the model. */
const DB_SELECT_MODEL_ALIASES: Record<string, (typeof DB_SELECT_MODELS)[number]> = {
  countries: 'country',
  departments: 'department',
  companies: 'company',
};
export const DbSelectBody = z.object({
  model: z.preprocess(
    (value) => (typeof value === 'string' ? (DB_SELECT_MODEL_ALIASES[value] ?? value) : value),
    z.enum(DB_SELECT_MODELS, { error: 'The model must be country, department or company.' }),
  ),
  /** department: the company whose departments are listed (required). */
  foreign_key: idField.nullish(),
});

export const documentsApi = {
  documents: endpoint({
    method: 'GET',
    path: 'caller/documents/:type/:entity_id',
    access: 'user',
    summary: 'Process documents of a company or department, rendered by type',
    response: DocumentsResponse,
  }),
  subDocuments: endpoint({
    method: 'GET',
    path: 'caller/sub_documents/:documentId/:type/:entity_id',
    access: 'user',
    summary: 'Sub-processes of a parent document',
    response: DocumentsResponse,
  }),
  collaborate: endpoint({
    method: 'POST',
    path: 'caller/collaborate/:documentId',
    idempotent: 'key_or_repeat',
    access: 'user',
    summary: 'Submit a collaboration request (a case)',
    body: CaseSubmissionBody,
    response: CollaborateResponse,
    checkOnly: true,
  }),
  managerRequest: endpoint({
    method: 'POST',
    path: 'manager/request/create',
    idempotent: 'key_or_repeat',
    access: 'user',
    summary: 'Submit a manager escalation request',
    body: ManagerRequestBody,
    response: ManagerRequestCreated,
  }),
  storeNote: endpoint({
    method: 'POST',
    path: 'caller/notes/store',
    access: 'user',
    summary: "Save the user's internal note on a document",
    body: DocumentNoteBody,
    response: DocumentNoteResponse,
  }),
  dbSelectOptions: endpoint({
    method: 'POST',
    path: 'caller/db_select_options',
    access: 'user',
    summary: 'Options of a database-backed select field',
    body: DbSelectBody,
    response: z.record(z.string(), z.string()),
  }),
  caseExchange: endpoint({
    method: 'GET',
    path: 'caller/case_exchange/cases',
    access: 'user',
    summary: 'Address of the case-exchange service',
    response: z.object({ success: z.boolean(), url: z.string().nullable(), message: z.string().nullable() }),
  }),
  documentFileDownload: endpoint({
    method: 'GET',
    path: 'caller/documents/:documentId/files/:id/download',
    access: 'user',
    summary: 'Download a file attached to a process document (the url of a file-type DocumentFileShape)',
    response: z.unknown(),
    file: true,
  }),
  groupDocumentDownload: endpoint({
    method: 'GET',
    path: 'caller/partner_groups/:community_id/documents/:id/download',
    access: 'user',
    summary: 'Download a document file of a partner group',
    response: z.unknown(),
    file: true,
  }),
} as const;
