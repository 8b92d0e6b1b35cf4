import { z } from 'zod';
import { DOCUMENT_TYPES } from '../../constants/documents';
import { LIMITS } from '../../constants/limits';
import { MessageBody, optionalEmail, optionalEmailList } from '../common';
import { endpoint } from '../endpoint';
import {
  CaseSubmissionBody,
  CollaborateResponse,
  ContactDocumentShape,
  ManagerRequestBody,
  ManagerRequestCreated,
  PriorityMessages,
} from '../member/documents';

// ---------- inbound process documents of the admin's own company ----------

export const AdminProcessRow = z.object({
  id: z.number(),
  name: z.string(),
  document_type: z.enum(DOCUMENT_TYPES),
  /** "Collaboration" for ticket, otherwise the capitalised type (documentTypeListLabel). */
  type_label: z.string(),
  departments: z.array(z.object({ id: z.number(), name: z.string() })),
  groups: z.array(z.object({ id: z.number(), name: z.string() })),
  escalation_manager: z.string().nullable(),
});
export type AdminProcessRow = z.infer<typeof AdminProcessRow>;

/** Where a process version's cases are mailed and how to escalate them: the same for company admins and back office. */
export const ProcessVersionMailSettings = z.object({
  collaborate_email: z.string().nullable(),
  collaborate_cc_email: z.string().nullable(),
  escalation_instructions: z.string().nullable(),
  escalation_alias: z.string().nullable(),
});

/** The editable settings of a version, as the Process Details form shows them. */
export const AdminProcessSettings = ProcessVersionMailSettings.extend({
  document_type: z.enum(DOCUMENT_TYPES),
  /** Read-only type label: Standard Email Process, Solution Support, ... (DOCUMENT_TYPE_ADMIN_LABELS). */
  type_label: z.string(),
  /** ticket, solution_support, manager and json show the e-mail and escalation fields. */
  detailed: z.boolean(),
  title: z.string(),
  support_hours: z.string().nullable(),
  product_supported: z.string().nullable(),
  escalation_user_id: z.number(),
  alt_escalation_user_id: z.number(),
});

export const AdminProcessDocument = ContactDocumentShape.extend({
  settings: AdminProcessSettings,
  /** Applies To: the group (and optional department) a relation offers the document to. */
  group_relations: z.array(
    z.object({
      id: z.number(),
      community: z.object({ id: z.number(), name: z.string() }),
      department: z.object({ id: z.number(), name: z.string() }).nullable(),
    }),
  ),
  managers: z.array(
    z.object({ user_type: z.string(), user_id: z.number(), user: z.object({ email: z.string(), name: z.string() }) }),
  ),
  departments: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type AdminProcessDocument = z.infer<typeof AdminProcessDocument>;

const IdName = z.object({ id: z.number(), name: z.string() });

export const AdminProcessDetail = z.object({
  document: AdminProcessDocument,
  companies: z.array(IdName),
  departments: z.array(IdName),
  communities: z.array(IdName),
  /** Users of the company sorted by first name, for the escalation dropdowns. */
  users: z.array(z.object({ id: z.number(), first_name: z.string(), last_name: z.string(), email: z.string() })),
});
export type AdminProcessDetail = z.infer<typeof AdminProcessDetail>;

const userChoice = z.coerce.number({ error: 'Please choose a user.' }).int().min(0).max(2_147_483_647).default(0);

/**
 * Process Details update. title, support_hours and product_supported for every type; the e-mail and
 * escalation fields only count for detailed types. 0 as a user id means none; other ids must be users of
 * the admin's company (checked by the api).
 */
export const AdminProcessUpdateBody = z.object({
  title: z
    .string({ error: 'The process name is required.' })
    .trim()
    .min(1, 'The process name is required.')
    .max(255, 'The process name may not be greater than 255 characters.'),
  support_hours: z.string().trim().max(100, 'The support hours may not be greater than 100 characters.').nullish(),
  product_supported: z
    .string()
    .trim()
    .max(255, 'The product supported may not be greater than 255 characters.')
    .nullish(),
  collaborate_email: optionalEmail('to email'),
  collaborate_cc_email: optionalEmailList('cc email'),
  escalation_instructions: z
    .string()
    .max(LIMITS.textMax, `The escalation instructions may not be greater than ${LIMITS.textMax} characters.`)
    .nullish(),
  escalation_user_id: userChoice,
  alt_escalation_user_id: userChoice,
  escalation_alias: optionalEmail('escalation alias'),
});
export type AdminProcessUpdateBody = z.input<typeof AdminProcessUpdateBody>;

export const AdminProcessSample = z.object({
  document: AdminProcessDocument,
  /** P1..P3 messages of the document's custom-SLA group, null when it has none. */
  messages: PriorityMessages.nullable(),
});

/**
 * What a Contact button of Process Details asks to change (the change_type of POST admin/company/change): one per
 * section, since the type, Applies To, fields and static process are changed by the provider only.
 */
export const PROCESS_CHANGE_TYPES = {
  details: 'Process details',
  escalation: 'Process e-mail and escalation',
  applies_to: 'Process Applies To',
  fields: 'Process fields',
  static: 'Static process',
} as const;
export type ProcessChangeSection = keyof typeof PROCESS_CHANGE_TYPES;

export const SAMPLE_SUBMISSION_CHECKED =
  'Your sample request is valid. Nothing was stored and no e-mail was sent: this was a test of your form.';

export const adminProcessesApi = {
  list: endpoint({
    method: 'GET',
    path: 'admin/company/documents',
    access: 'company_admin',
    summary: "The company's inbound process documents",
    response: z.object({ documents: z.array(AdminProcessRow) }),
  }),
  limited: endpoint({
    method: 'GET',
    path: 'admin/company/documents/limited',
    access: 'company_admin',
    summary: 'The limited process of a limited-membership company (404 when none)',
    response: AdminProcessDetail,
  }),
  detail: endpoint({
    method: 'GET',
    path: 'admin/company/documents/:documentId',
    access: 'company_admin',
    summary: 'One process document with its sections, relations and managers, and the choices of the form',
    response: AdminProcessDetail,
  }),
  update: endpoint({
    method: 'POST',
    path: 'admin/company/documents/:documentId',
    access: 'company_admin',
    summary: 'Updates the editable fields of a process document (the type is read-only)',
    body: AdminProcessUpdateBody,
    response: MessageBody,
  }),
  sample: endpoint({
    method: 'GET',
    path: 'admin/company/documents/:documentId/sample',
    access: 'company_admin',
    summary: 'The document and priority messages of the View/Test form (422 for a parent document)',
    response: AdminProcessSample,
  }),
  submitSample: endpoint({
    method: 'POST',
    path: 'admin/company/documents/:documentId/sample',
    access: 'company_admin',
    summary:
      'View/Test Form of a ticket, solution_support or json document: checked like a member submission, nothing stored or mailed',
    body: CaseSubmissionBody,
    response: CollaborateResponse,
  }),
  submitSampleManager: endpoint({
    method: 'POST',
    path: 'admin/company/documents/:documentId/sample/manager',
    access: 'company_admin',
    summary: 'View/Test Form of a manager document: checked like a manager request, nothing stored or mailed',
    body: ManagerRequestBody,
    response: ManagerRequestCreated,
  }),
} as const;
