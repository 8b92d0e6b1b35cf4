import { z } from 'zod';
import { MEMBERSHIP_TYPES } from '../../constants/company';
import { GROUP_STATUSES, GROUP_TYPES } from '../../constants/groups';
import { LIMITS } from '../../constants/limits';
import { GroupDocumentShape, GroupDocumentUploadBody } from '../admin/groups';
import { DoneBody, optionalEmail, optionalText, requiredText } from '../common';
import { endpoint } from '../endpoint';
import { routePath } from '../../routes';
import { ExportAnswer } from '../exports';

/** The defaults of a new group. */
export const GROUP_FORM_DEFAULTS = {
  type: 'solution_support',
  status: 'active',
  price: 0,
  price_three_years: 0,
  custom_sla: 0,
  force_addendum: 0,
  msteams_integration: 0,
} as const;

/** Multipart file fields of the group form. */
export const GROUP_ADDENDUM_FIELD = 'addendum_file';
export const GROUP_BANNER_FIELD = 'group_banner';
export const GROUP_ADDENDUM_EXTENSIONS = ['.pdf'] as const;
/** Raster images only: an SVG is a document that can run script (docs/decisions.md, uploads). */
export const GROUP_BANNER_EXTENSIONS = ['.png', '.jpg', '.jpeg', '.gif'] as const;

/** A vhost is one host-name label; `restore` is the onboarding restore route and never a group. */
export const RESERVED_VHOSTS = ['restore', 'www', 'api', 'admin'] as const;

export const GROUP_SAVED = 'Group saved.';
export const GROUP_DELETED = 'Group deleted.';
export const GROUP_NOT_FOUND = 'Group not found.';
export const GROUP_PARTNER_ADDED = 'The partner has been added.';
export const GROUP_PARTNER_REMOVED = 'The partner has been removed.';
export const VHOST_TAKEN = 'The vhost has already been taken.';
export const VHOST_RESERVED = 'The vhost is reserved; choose another.';
export const VHOST_FORMAT = 'The vhost may only contain lower-case letters, digits and dashes.';

/**
 * The registration (onboarding) page of a partner program: the portal's /join/{vhost} page on the public address
 * (a "{vhost}.{domain}" address would need a DNS name per group; the path form works on any deployment).
 */
export function groupRegistrationPage(publicUrl: string, vhost: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${routePath('onboarding.home', { vhost })}`;
}

const IdName = z.object({ id: z.number(), name: z.string() });
const ZeroOne = z.union([z.literal(0), z.literal(1)]);

// ---------- shapes ----------

/** One row of the back-office groups list. */
export const SuperAdminGroupRow = z.object({
  id: z.number(),
  name: z.string(),
  type: z.enum(GROUP_TYPES),
  status: z.enum(GROUP_STATUSES),
  host: IdName.nullable(),
  /** Number of distinct partner companies (active relations). */
  companies: z.number(),
  /** Partner programs only: the address of the group's registration (onboarding) page. */
  registration_page: z.string().nullable(),
});
export type SuperAdminGroupRow = z.infer<typeof SuperAdminGroupRow>;

export const GroupLink = z.object({ label: z.string(), url: z.string() });

/** Every field of the group form plus what the partner-program view shows. */
export const SuperAdminGroup = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  type: z.enum(GROUP_TYPES),
  status: z.enum(GROUP_STATUSES),
  sponsor_company_id: z.number().nullable(),
  host: IdName.nullable(),
  department_id: z.number().nullable(),
  department: IdName.nullable(),
  document_id: z.number().nullable(),
  document: IdName.nullable(),
  vhost: z.string().nullable(),
  host_email: z.string().nullable(),
  price: z.number(),
  price_three_years: z.number(),
  instructions: z.string().nullable(),
  links: z.array(GroupLink),
  force_addendum: ZeroOne,
  registration_status_url: z.string().nullable(),
  custom_sla: ZeroOne,
  p1_message: z.string().nullable(),
  p2_message: z.string().nullable(),
  p3_message: z.string().nullable(),
  p1_response_time: z.number().nullable(),
  p2_response_time: z.number().nullable(),
  p3_response_time: z.number().nullable(),
  msteams_integration: ZeroOne,
  msteams_manager_email: z.string().nullable(),
  msteams_team_url: z.string().nullable(),
  /** Whether an addendum PDF is stored (download: super_admin/groups/{id}/addendum). */
  addendum: z.boolean(),
  addendum_name: z.string().nullable(),
  /** Address of the stored banner, or null. */
  banner_url: z.string().nullable(),
  registration_page: z.string().nullable(),
  created_at: z.string(),
});
export type SuperAdminGroup = z.infer<typeof SuperAdminGroup>;

/** A group partner: one relation of a company (or one of its departments) with the group. */
export const SuperAdminGroupPartner = z.object({
  id: z.number(),
  company: IdName,
  department: IdName.nullable(),
  document: IdName.nullable(),
  membership_type: z.enum(MEMBERSHIP_TYPES),
  is_active: ZeroOne,
  /** The partner is the group's host company. */
  is_host: z.boolean(),
});
export type SuperAdminGroupPartner = z.infer<typeof SuperAdminGroupPartner>;

// ---------- bodies ----------

/** Multipart sends "1"/"0", JSON may send booleans or numbers. */
const zeroOrOne = z.preprocess(
  (value) => (value === true || value === '1' || value === 1 || value === 'true' || value === 'on' ? 1 : 0),
  ZeroOne,
);

const blankToNull = (value: unknown) => (value === '' || value === undefined ? null : value);

/** An optional id from a select: empty or 0 means none. */
const optionalId = (label: string) =>
  z.preprocess(
    (value) => (value === '' || value === undefined || value === null || value === '0' || value === 0 ? null : value),
    z.coerce
      .number({ error: `The ${label} is not valid.` })
      .int(`The ${label} is not valid.`)
      .positive()
      .nullable(),
  );

const price = (label: string) =>
  z.preprocess(
    (value) => (value === '' || value === undefined || value === null ? 0 : value),
    z.coerce
      .number({ error: `The ${label} must be a number.` })
      .refine(Number.isFinite, `The ${label} must be a number.`)
      .min(0, `The ${label} must be at least 0.`)
      .max(99_999_999, `The ${label} may not be greater than 99999999.`),
  );

const responseTime = (priority: number) =>
  z.preprocess(
    blankToNull,
    z.coerce
      .number({ error: `The P${priority} response time must be a number of hours.` })
      .int(`The P${priority} response time must be a whole number of hours.`)
      .min(1, `The P${priority} response time must be at least 1 hour.`)
      .max(8760, `The P${priority} response time may not be greater than 8760 hours.`)
      .nullable(),
  );

const optionalUrl = (label: string) =>
  optionalText(500, `The ${label}`).refine(
    (value) => value === null || (/^https?:\/\//i.test(value) && z.url().safeParse(value).success),
    `The ${label} must be a valid http or https address.`,
  );

/** Links are typed one per line as "Label | https://address". */
export function parseGroupLinks(text: string | null | undefined): { links: z.infer<typeof GroupLink>[]; bad: number } {
  const links: z.infer<typeof GroupLink>[] = [];
  let bad = 0;
  for (const line of (text ?? '').split(/\r?\n/)) {
    if (!line.trim()) continue;
    const cut = line.lastIndexOf('|');
    const label = (cut < 0 ? line : line.slice(0, cut)).trim();
    const url = (cut < 0 ? line : line.slice(cut + 1)).trim();
    if (!/^https?:\/\//i.test(url) || !z.url().safeParse(url).success || label.length > 255) bad += 1;
    else links.push({ label: label || url, url });
  }
  return { links, bad };
}

export function formatGroupLinks(links: readonly z.infer<typeof GroupLink>[]): string {
  return links.map((link) => `${link.label} | ${link.url}`).join('\n');
}

/**
 * The group form (POST super_admin/groups/{id}, multipart, with addendum_file and group_banner). The server
 * checks what needs the database: vhost unique, host, department and process belonging together.
 */
export const GroupFormFields = z.object({
  name: requiredText(LIMITS.nameMax, 'The name'),
  description: optionalText(LIMITS.textMax, 'The description'),
  type: z.preprocess(
    (value) => blankToNull(value) ?? GROUP_FORM_DEFAULTS.type,
    z.enum(GROUP_TYPES, { error: 'The selected type is invalid.' }),
  ),
  status: z.preprocess(
    (value) => blankToNull(value) ?? GROUP_FORM_DEFAULTS.status,
    z.enum(GROUP_STATUSES, { error: 'The status must be active or inactive.' }),
  ),
  sponsor_company_id: optionalId('host company'),
  department_id: optionalId('department'),
  document_id: optionalId('process'),
  vhost: optionalText(63, 'The vhost')
    .transform((value) => (value ? value.toLowerCase() : null))
    .refine((value) => value === null || /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value), VHOST_FORMAT)
    .refine((value) => value === null || !(RESERVED_VHOSTS as readonly string[]).includes(value), VHOST_RESERVED),
  host_email: optionalEmail('host email'),
  price: price('price'),
  price_three_years: price('three year price'),
  instructions: optionalText(LIMITS.textMax, 'The instructions'),
  links: optionalText(LIMITS.textMax, 'The links'),
  force_addendum: zeroOrOne,
  addendum_name: optionalText(255, 'The addendum name'),
  registration_status_url: optionalUrl('registration status url'),
  custom_sla: zeroOrOne,
  p1_message: optionalText(LIMITS.textMax, 'The P1 message'),
  p2_message: optionalText(LIMITS.textMax, 'The P2 message'),
  p3_message: optionalText(LIMITS.textMax, 'The P3 message'),
  p1_response_time: responseTime(1),
  p2_response_time: responseTime(2),
  p3_response_time: responseTime(3),
  msteams_integration: zeroOrOne,
  msteams_manager_email: optionalEmail('Teams manager email'),
  msteams_team_url: optionalUrl('Teams team url'),
});

/** The rules between the form's fields; the web form applies them too (to its extended schema). */
export function groupFormRules(value: z.output<typeof GroupFormFields>, ctx: z.RefinementCtx): void {
  if (value.type === 'partner_program' && !value.vhost) {
    ctx.addIssue({ code: 'custom', path: ['vhost'], message: 'The vhost is required for a partner program.' });
  }
  if (value.type !== 'open_group' && !value.sponsor_company_id) {
    ctx.addIssue({ code: 'custom', path: ['sponsor_company_id'], message: 'The host company is required.' });
  }
  if (value.sponsor_company_id && !value.document_id) {
    ctx.addIssue({ code: 'custom', path: ['document_id'], message: 'The process is required.' });
  }
  if (parseGroupLinks(value.links).bad) {
    ctx.addIssue({ code: 'custom', path: ['links'], message: 'Each link must be "Label | https://address".' });
  }
}

export const GroupFormBody = GroupFormFields.superRefine(groupFormRules);
export type GroupFormBody = z.input<typeof GroupFormBody>;

export const AddGroupPartnerBody = z.object({
  company_id: z.coerce
    .number({ error: 'The company is required.' })
    .int('The company is required.')
    .positive('The company is required.'),
  document_id: z.coerce
    .number({ error: 'The process is required.' })
    .int('The process is required.')
    .positive('The process is required.'),
  /** 0 or empty: the whole company. */
  department_id: optionalId('department'),
});
export type AddGroupPartnerBody = z.input<typeof AddGroupPartnerBody>;

export const GroupSearchBody = z.object({
  term: z
    .string({ error: 'The search term is required.' })
    .trim()
    .min(2, 'The search term must be at least 2 characters.')
    .max(100, 'The search term may not be greater than 100 characters.'),
});

export const GroupSearchResult = z.object({ id: z.number(), name: z.string(), type: z.enum(GROUP_TYPES) });

const byId = (path: string) => `super_admin/groups/:id${path}`;

// ---------- endpoints ----------

export const superAdminGroupsApi = {
  list: endpoint({
    method: 'GET',
    path: 'super_admin/groups',
    access: 'super_admin',
    summary: 'Every group with its type, host, partner company count and registration page',
    response: z.object({ groups: z.array(SuperAdminGroupRow) }),
  }),
  export: endpoint({
    method: 'GET',
    path: 'super_admin/groups/export',
    access: 'super_admin',
    summary: 'Start groups.xlsx (export kind groups); progress arrives as export.status',
    response: ExportAnswer,
  }),
  search: endpoint({
    method: 'POST',
    path: 'super_admin/groups/search',
    access: 'super_admin',
    summary: 'Groups whose name contains the term (from 2 characters)',
    body: GroupSearchBody,
    response: z.object({ groups: z.array(GroupSearchResult) }),
  }),
  downloadDocument: endpoint({
    method: 'GET',
    path: 'super_admin/groups/documents/:documentId/download',
    access: 'super_admin',
    summary: 'Downloads a file shared with a group',
    response: z.unknown(),
    file: true,
  }),
  group: endpoint({
    method: 'GET',
    path: byId(''),
    access: 'super_admin',
    summary: 'One group with every form field (404 unknown)',
    response: z.object({ group: SuperAdminGroup }),
  }),
  save: endpoint({
    method: 'POST',
    path: byId(''),
    access: 'super_admin',
    summary: 'Create (id 0) or update a group; multipart with addendum_file (PDF) and group_banner',
    body: GroupFormBody,
    response: DoneBody.extend({ id: z.number(), community: SuperAdminGroup }),
    multipart: true,
  }),
  delete: endpoint({
    method: 'GET',
    path: byId('/delete'),
    access: 'super_admin',
    summary: 'Delete a group with what only it owns (409 while it has active partners, cases or applications)',
    response: DoneBody,
  }),
  addendum: endpoint({
    method: 'GET',
    path: byId('/addendum'),
    access: 'super_admin',
    summary: "Downloads the group's addendum PDF",
    response: z.unknown(),
    file: true,
  }),
  partners: endpoint({
    method: 'GET',
    path: byId('/partners'),
    access: 'super_admin',
    summary: 'Partners of the group: every relation with company, department and process',
    response: z.object({ partners: z.array(SuperAdminGroupPartner) }),
  }),
  exportPartners: endpoint({
    method: 'GET',
    path: byId('/partners/export'),
    access: 'super_admin',
    summary: "Start the group's partners spreadsheet (export kind group_partners)",
    response: ExportAnswer,
  }),
  addPartner: endpoint({
    method: 'POST',
    path: byId('/partners/add'),
    access: 'super_admin',
    summary: 'Add a company (or one of its departments) to the group with its collaboration process',
    body: AddGroupPartnerBody,
    response: DoneBody.extend({ partner: SuperAdminGroupPartner }),
  }),
  removePartner: endpoint({
    method: 'GET',
    path: byId('/partners/:partnerId/remove'),
    access: 'super_admin',
    summary: 'Remove a partner relation from the group',
    response: DoneBody,
  }),
  documents: endpoint({
    method: 'GET',
    path: byId('/documents'),
    access: 'super_admin',
    summary: 'Files and links shared with the group',
    response: z.object({ documents: z.array(GroupDocumentShape) }),
  }),
  uploadDocument: endpoint({
    method: 'POST',
    path: byId('/documents/upload'),
    access: 'super_admin',
    summary: 'Share a file (.xls .xlsx .doc .docx .pdf .jpg .jpeg .png) or a link with the group for a partner',
    body: GroupDocumentUploadBody,
    response: z.object({ message: z.string(), document: GroupDocumentShape }),
    multipart: true,
  }),
  deleteDocument: endpoint({
    method: 'GET',
    path: byId('/documents/:documentId/delete'),
    access: 'super_admin',
    summary: 'Delete a file or link of the group',
    response: DoneBody,
  }),
} as const;
