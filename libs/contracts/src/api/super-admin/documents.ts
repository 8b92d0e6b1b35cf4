import { z } from 'zod';
import { MEMBERSHIP_TYPES } from '../../constants/company';
import { DOCUMENT_DEFAULTS, DOCUMENT_STATUSES, DOCUMENT_TYPES, type DocumentType } from '../../constants/documents';
import { LIMITS } from '../../constants/limits';
import { AdminProcessSample, ProcessVersionMailSettings } from '../admin/processes';
import {
  CaseSubmissionBody,
  CollaborateResponse,
  ManagerRequestBody,
  ManagerRequestCreated,
} from '../member/documents';
import { endpoint } from '../endpoint';
import { DoneBody, optionalEmailList } from '../common';

/** Types the managed editor opens; 'default' opens the static editor, 'parent' the parent editor. */
export const MANAGED_DOCUMENT_TYPES = ['ticket', 'solution_support', 'json', 'manager'] as const;
export type ManagedDocumentType = (typeof MANAGED_DOCUMENT_TYPES)[number];
export type DocumentEditorKind = 'managed' | 'static' | 'parent';

export function documentEditorKind(type: string): DocumentEditorKind {
  if (type === 'default') return 'static';
  if (type === 'parent') return 'parent';
  return 'managed';
}

/** The one template choice of the editor: the mail a new case (or manager request) sends to the process. */
export const NEW_RECEIVING_MEMBER = 'new_receiving_member';
/** A manager-type document defaults to this template. */
export const MANAGER_REQUEST_TEMPLATE = 'manager-request';
/** Types the choice is stored (or was seeded) under; manager requests read both. */
export const RECEIVING_TEMPLATE_CHOICE_TYPES: readonly string[] = [NEW_RECEIVING_MEMBER, MANAGER_REQUEST_TEMPLATE];

export const DOCUMENT_SAVED = 'The process document has been saved.';
export const DOCUMENT_DELETED = 'The process document has been deleted.';
export const DOCUMENT_NOT_FOUND = 'Process document not found.';
export const DOCUMENT_TYPE_FIXED = 'The type of a process cannot be changed after creation.';

const IdName = z.object({ id: z.number(), name: z.string() });

// ---------- shapes (contact documents) ----------

export const SuperAdminDocumentLinkage = z.object({
  id: z.number(),
  option_name: z.string(),
  contact_document_id: z.number(),
  deleted: z.boolean(),
  child: IdName,
});

export const SuperAdminDocumentVersion = ProcessVersionMailSettings.extend({
  version_number: z.number(),
  status: z.enum(DOCUMENT_STATUSES),
  title: z.string(),
  support_hours: z.string(),
  product_supported: z.string(),
  document_type: z.enum(DOCUMENT_TYPES),
  json_type: z.string().nullable(),
  admin_note: z.string().nullable(),
  /** The escalation contacts (user ids, 0 for none). */
  main_escalation_contact: z.number(),
  alt_escalation_contact: z.number(),
});

export const SuperAdminDocument = z.object({
  id: z.number(),
  company_id: z.number(),
  name: z.string(),
  static_document: z.string().nullable(),
  parent_option_name: z.string().nullable(),
  doc_linkages: z.array(SuperAdminDocumentLinkage),
  group_relations: z.array(z.object({ community_id: z.number() })),
  email_templates: z.array(z.object({ type: z.string(), email_template_id: z.number() })),
  version: SuperAdminDocumentVersion,
  managers: z.array(z.object({ user_type: z.string(), user_id: z.number() })),
  tags: z.array(z.string()),
  departments: z.array(z.object({ department_id: z.number() })),
});
export type SuperAdminDocument = z.infer<typeof SuperAdminDocument>;

export const DocumentFormCompany = z.object({
  id: z.number(),
  name: z.string(),
  membership_type: z.enum(MEMBERSHIP_TYPES),
});

export const DocumentFormData = z.object({
  company: DocumentFormCompany,
  departments: z.array(IdName),
  /** Groups the company belongs to (any relation), for the document's groups. */
  communities: z.array(IdName),
  /** Active users of the company sorted by first name, for the escalation contacts. */
  users: z.array(z.object({ id: z.number(), first_name: z.string(), last_name: z.string(), email: z.string() })),
  /** Templates a document may choose (type document). */
  email_templates: z.array(z.object({ type: z.string(), id: z.number(), slug: z.string(), name: z.string() })),
});
export type DocumentFormData = z.infer<typeof DocumentFormData>;

export const ParentFormData = z.object({
  company: DocumentFormCompany,
  /** Live processes of the company a parent may offer (not parents themselves). */
  documents: z.array(IdName.extend({ document_type: z.enum(DOCUMENT_TYPES) })),
});
export type ParentFormData = z.infer<typeof ParentFormData>;

export const DocumentInternalNote = z.object({
  id: z.number(),
  /** The company whose note it is. */
  company: z.string(),
  /** Plain text. */
  note: z.string(),
  updated_at: z.string(),
});

// ---------- bodies ----------

const text = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `The ${label} may not be greater than ${max} characters.`)
    .nullish()
    .transform((value) => (value ? value : null));

const withFallback = (max: number, label: string, fallback: string) =>
  text(max, label).transform((value) => value ?? fallback);

const title = z
  .string({ error: 'The process name is required.' })
  .trim()
  .min(1, 'The process name is required.')
  .max(255, 'The process name may not be greater than 255 characters.');

const status = z.preprocess(
  (value) => (value === '' || value === null || value === undefined ? DOCUMENT_DEFAULTS.status : value),
  z.enum(DOCUMENT_STATUSES, { error: 'The status must be approved, pending or rejected.' }),
);

const email = (label: string) =>
  text(LIMITS.emailMax, label)
    .transform((value) => (value ? value.toLowerCase() : null))
    .refine(
      (value) => value === null || z.email().safeParse(value).success,
      `The ${label} must be a valid email address.`,
    );

const richText = (label: string) =>
  z
    .string()
    .max(LIMITS.textMax, `The ${label} may not be greater than ${LIMITS.textMax} characters.`)
    .nullish()
    .transform((value) => value ?? null);

/** A select's id: empty or 0 is none. */
const optionalId = (message: string) =>
  z.preprocess(
    (value) => (value === '' || value === null || value === undefined ? 0 : value),
    z.coerce.number({ error: message }).int(message).min(0, message).max(2_147_483_647, message),
  );

const idList = (label: string) =>
  z
    .array(
      z.coerce
        .number({ error: `The ${label} are not valid.` })
        .int()
        .positive(),
      {
        error: `The ${label} are not valid.`,
      },
    )
    .max(500)
    .nullish()
    .transform((ids) => [...new Set(ids ?? [])]);

const typeOf = <const T extends readonly [DocumentType, ...DocumentType[]]>(types: T) =>
  z.enum(types, { error: 'The selected type is invalid.' });

const common = {
  title,
  status,
  admin_note: richText('admin note'),
};

/** The managed editor (ticket, solution_support, json, manager). */
export const ManagedDocumentBody = z.object({
  ...common,
  document_type: typeOf(MANAGED_DOCUMENT_TYPES),
  json_type: text(100, 'json type'),
  support_hours: withFallback(100, 'support hours', DOCUMENT_DEFAULTS.support_hours),
  product_supported: withFallback(255, 'products supported', DOCUMENT_DEFAULTS.product_supported),
  collaborate_email: email('collaborate email'),
  collaborate_cc_email: optionalEmailList('cc email'),
  main_escalation_contact: optionalId('Please choose a user of the company.'),
  alt_escalation_contact: optionalId('Please choose a user of the company.'),
  escalation_instructions: richText('escalation instructions'),
  escalation_alias: email('escalation alias'),
  departments: idList('departments'),
  groups: idList('groups'),
  email_templates: z
    .object({ new_receiving_member: optionalId('Please choose an e-mail template.') })
    .nullish()
    .transform((value) => ({ new_receiving_member: value?.new_receiving_member ?? 0 })),
  tags: z
    .array(z.string().trim().max(100, 'A tag may not be greater than 100 characters.'))
    .max(100, 'A process may have up to 100 tags.')
    .nullish()
    .transform((tags) => [...new Set((tags ?? []).filter(Boolean))]),
});
export type ManagedDocumentBody = z.input<typeof ManagedDocumentBody>;

/** The static editor (default type): raw HTML, sanitized on save. */
export const StaticDocumentBody = z.object({
  ...common,
  document_type: typeOf(['default']),
  support_hours: withFallback(100, 'support hours', DOCUMENT_DEFAULTS.support_hours),
  product_supported: withFallback(255, 'products supported', DOCUMENT_DEFAULTS.product_supported),
  document_html: z
    .string({ error: 'The document html is required.' })
    .max(100_000, 'The document html may not be greater than 100000 characters.')
    .refine((value) => value.trim().length > 0, 'The document html is required.'),
});
export type StaticDocumentBody = z.input<typeof StaticDocumentBody>;

export const ParentLinkageBody = z.object({
  /** 0 or absent: a new row. */
  id: optionalId('The option is not valid.'),
  option_name: z
    .string({ error: 'The option name is required.' })
    .trim()
    .min(1, 'The option name is required.')
    .max(255, 'The option name may not be greater than 255 characters.'),
  contact_document_id: z.preprocess(
    (value) => (value === '' || value === null || value === undefined ? 0 : value),
    z.coerce
      .number({ error: 'Please choose an inbound process.' })
      .int('Please choose an inbound process.')
      .positive('Please choose an inbound process.'),
  ),
  deleted: z.preprocess((value) => value === true || value === 1 || value === '1' || value === 'true', z.boolean()),
});

/** The parent editor: a chooser (variant name) of child processes; deleted rows carry `deleted`. */
export const ParentDocumentBody = z.object({
  ...common,
  document_type: typeOf(['parent']),
  parent_option_name: z
    .string({ error: 'The variant name is required.' })
    .trim()
    .min(1, 'The variant name is required.')
    .max(255, 'The variant name may not be greater than 255 characters.'),
  linkages: z.array(ParentLinkageBody, { error: 'Add at least one option.' }).max(100, 'Up to 100 options.'),
});
export type ParentDocumentBody = z.input<typeof ParentDocumentBody>;

/** One save call for the three editors; the type picks the form (and is fixed once created). */
export const DocumentSaveBody = z.discriminatedUnion(
  'document_type',
  [ManagedDocumentBody, StaticDocumentBody, ParentDocumentBody],
  { error: 'The selected type is invalid.' },
);
export type DocumentSaveBody = z.input<typeof DocumentSaveBody>;

const companyDocs = (path: string) => `super_admin/companies/:companyId/contact_documents${path}`;
const sample = (path: string) => `super_admin/companies/:companyId/documents/:documentId/sample${path}`;

// ---------- endpoints ----------

export const superAdminDocumentsApi = {
  formData: endpoint({
    method: 'GET',
    path: companyDocs('/form_data'),
    access: 'super_admin',
    summary: 'Choices of the managed and static editors: company, departments, groups, users, e-mail templates',
    response: DocumentFormData,
  }),
  parentFormData: endpoint({
    method: 'GET',
    path: companyDocs('/form_data/parent'),
    access: 'super_admin',
    summary: 'Choices of the parent editor: the company and its processes a parent may offer',
    response: ParentFormData,
  }),
  document: endpoint({
    method: 'GET',
    path: 'super_admin/contact_documents/:documentId',
    access: 'super_admin',
    summary: 'One live process document with its current version, relations, managers, tags and options',
    response: z.object({ document: SuperAdminDocument }),
  }),
  save: endpoint({
    method: 'POST',
    path: companyDocs('/:documentId'),
    access: 'super_admin',
    summary: 'Create (0) or edit a process document; each save is a new version, the type is fixed',
    body: DocumentSaveBody,
    response: DoneBody.extend({ document: SuperAdminDocument }),
  }),
  delete: endpoint({
    method: 'GET',
    path: companyDocs('/:documentId/delete'),
    access: 'super_admin',
    summary: 'Soft-delete a process (409 while it is the process of an active group relation or has open cases)',
    response: DoneBody,
  }),
  notes: endpoint({
    method: 'GET',
    path: companyDocs('/:documentId/notes'),
    access: 'super_admin',
    summary: "Companies' internal notes on the process (plain text)",
    response: z.object({ notes: z.array(DocumentInternalNote) }),
  }),
  sample: endpoint({
    method: 'GET',
    path: sample(''),
    access: 'super_admin',
    summary: "The test page of a company's process: the document and its priority messages (422 for a parent)",
    response: AdminProcessSample,
  }),
  submitSample: endpoint({
    method: 'POST',
    path: sample(''),
    access: 'super_admin',
    summary: 'Test a ticket, solution_support or json process: checked like a member submission, nothing stored',
    body: CaseSubmissionBody,
    response: CollaborateResponse,
  }),
  submitSampleManager: endpoint({
    method: 'POST',
    path: sample('/manager'),
    access: 'super_admin',
    summary: 'Test a manager process: checked like a manager request, nothing stored or mailed',
    body: ManagerRequestBody,
    response: ManagerRequestCreated,
  }),
} as const;
