import { z } from 'zod';
import {
  COMPANY_STATUSES,
  DEPARTMENT_STATUSES,
  LOGIN_METHODS,
  MEMBERSHIP_TYPES,
  SSO_IDENTITY_SOURCES,
} from '../../constants/company';
import { DOCUMENT_STATUSES, DOCUMENT_TYPES } from '../../constants/documents';
import { GROUP_TYPES, USER_ACCESS_FLAGS, MEMBER_RELATIONSHIPS } from '../../constants/groups';
import { LIMITS } from '../../constants/limits';
import { REGISTRATION_TYPES, ROLES, USER_STATUSES } from '../../constants/roles';
import { AdminCompanyInfo, GroupOption, RegistrationSettings, RegistrationSettingsBody } from '../admin/company';
import { DoneBody, optionalEmail, optionalText, requiredText } from '../common';
import { endpoint } from '../endpoint';
import { ExportAnswer } from '../exports';

/** The defaults of a new company on the back-office company form. */
export const COMPANY_FORM_DEFAULTS = {
  membership_type: 'standard',
  login_method: 'requires_registration',
  show_in_public_web: 1,
  sso_identity_source: 'url',
} as const;

/** Multipart file fields of the company form. */
export const COMPANY_LOGO_FIELD = 'logo_file';
export const COMPANY_SSO_FILE_FIELD = 'sso_idp_file';
/** Accepted logo uploads: raster images only, as an SVG is a document that can run script. */
export const COMPANY_LOGO_EXTENSIONS = ['.png', '.jpg', '.jpeg', '.gif'] as const;
export const COMPANY_SSO_FILE_EXTENSIONS = ['.xml'] as const;

export const COMPANY_SAVED = 'Company saved.';
export const COMPANY_DELETED = 'Company deleted.';
export const COMPANY_NOT_FOUND = 'Company not found.';
export const SLUG_TAKEN = 'The slug has already been taken.';
export const SLUG_FORMAT = 'The slug may only contain lower-case letters, digits and dashes.';

// ---------- shapes ----------

/** One row of the back-office companies list. */
export const CompanyListRow = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  /** Names of the groups the company belongs to (active relations), alphabetical. */
  groups: z.array(z.string()),
  membership_type: z.enum(MEMBERSHIP_TYPES),
  /** Number of approved users. */
  users: z.number(),
  status: z.enum(COMPANY_STATUSES),
});
export type CompanyListRow = z.infer<typeof CompanyListRow>;

/** Every field of the company form plus the info box (the company-admin info shape, extended). */
export const SuperAdminCompany = AdminCompanyInfo.extend({
  show_in_public_web: z.union([z.literal(0), z.literal(1)]),
  login_page_text: z.string().nullable(),
  region_text: z.string().nullable(),
  public_web_text: z.string().nullable(),
  /** Address of the uploaded logo, or null. */
  logo: z.string().nullable(),
  sso_identity_source: z.enum(SSO_IDENTITY_SOURCES),
  sso_idp_entity_url: z.string().nullable(),
  sso_idp_federation_url: z.string().nullable(),
  sso_idp_logout_url: z.string().nullable(),
  /** Whether an identity-provider XML file is stored. */
  sso_idp_file: z.boolean(),
  sso_login_section: z.string().nullable(),
  sso_registration_section: z.string().nullable(),
  registration: RegistrationSettings,
  created_at: z.string(),
});
export type SuperAdminCompany = z.infer<typeof SuperAdminCompany>;

/** A row of the company detail's Users panel. */
export const SuperAdminCompanyUserRow = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  role: z.enum(ROLES),
  role_label: z.string(),
  last_login_date: z.string().nullable(),
  registration_type: z.enum(REGISTRATION_TYPES),
  registration_type_label: z.string(),
  status: z.enum(USER_STATUSES),
});

export const SuperAdminDepartmentRow = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  status: z.enum(DEPARTMENT_STATUSES),
  community: z.object({ id: z.number(), name: z.string() }).nullable(),
  contact_document: z.object({ id: z.number(), name: z.string() }).nullable(),
});

export const SuperAdminDocumentRow = z.object({
  id: z.number(),
  name: z.string(),
  document_type: z.enum(DOCUMENT_TYPES).nullable(),
  status: z.enum(DOCUMENT_STATUSES).nullable(),
  departments: z.array(z.string()),
  groups: z.array(z.string()),
});

export const SuperAdminRelationRow = z.object({
  id: z.number(),
  community: z.object({ id: z.number(), name: z.string(), type: z.enum(GROUP_TYPES) }),
  department: z.object({ id: z.number(), name: z.string() }).nullable(),
  document: z.object({ id: z.number(), name: z.string() }).nullable(),
  is_active: z.union([z.literal(0), z.literal(1)]),
  user_access_flag: z.enum(USER_ACCESS_FLAGS),
  member_relationship: z.enum(MEMBER_RELATIONSHIPS),
});

/** id and name, for selects. */
export const NamedOption = z.object({ id: z.number(), name: z.string() });

export const SignupManagerOption = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
});

/**
 * What deleting a company takes with it, counted for the confirmation, and why it cannot be deleted (null: it can;
 * the delete answers 409 with the same text). Users are every account of the company, pending registrations too.
 */
export const CompanyDeleteSummary = z.object({
  name: z.string(),
  users: z.number(),
  departments: z.number(),
  processes: z.number(),
  cases: z.number(),
  blocked: z.string().nullable(),
});
export type CompanyDeleteSummary = z.infer<typeof CompanyDeleteSummary>;

const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The delete confirmation: what goes with the company, with counts. */
export function companyDeleteConfirmation(summary: CompanyDeleteSummary): string {
  const parts = [
    counted(summary.users, 'user', 'users'),
    counted(summary.departments, 'department', 'departments'),
    counted(summary.processes, 'process', 'processes'),
    counted(summary.cases, 'case', 'cases'),
  ];
  return (
    `Are you sure you want to delete ${summary.name}? Its ${parts.slice(0, -1).join(', ')} and ${parts.at(-1)} ` +
    'will be deleted with it, with everything its users stored. This cannot be undone.'
  );
}

// ---------- bodies ----------

const optionalUrl = (label: string) =>
  optionalText(500, `The ${label}`).refine(
    (value) => value === null || z.url().safeParse(value).success,
    `The ${label} must be a valid URL.`,
  );

/** Multipart sends "1"/"0", JSON may send booleans or numbers. */
const zeroOrOne = z.preprocess(
  (value) => (value === true || value === '1' || value === 1 || value === 'true' || value === 'on' ? 1 : 0),
  z.union([z.literal(0), z.literal(1)]),
);

/** Unset (an empty select) means the default. */
const withDefault = <T extends z.ZodType>(schema: T, fallback: string) =>
  z.preprocess((value) => (value === '' || value === null || value === undefined ? fallback : value), schema);

/**
 * The company form (POST super_admin/companies/{id}, multipart, with logo_file and sso_idp_file). allow_notes is
 * always 1 and is not read; communications_email and bcc_response_email are sent only when filled in.
 */
export const CompanyFormBody = z.object({
  name: requiredText(LIMITS.nameMax, 'The name'),
  slug: z
    .string({ error: 'The slug is required.' })
    .trim()
    .toLowerCase()
    .min(1, 'The slug is required.')
    .max(100, 'The slug may not be greater than 100 characters.')
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, SLUG_FORMAT),
  url: optionalUrl('url'),
  membership_type: withDefault(
    z.enum(MEMBERSHIP_TYPES, { error: 'The selected membership type is invalid.' }),
    COMPANY_FORM_DEFAULTS.membership_type,
  ),
  login_method: withDefault(
    z.enum(LOGIN_METHODS, { error: 'The selected login method is invalid.' }),
    COMPANY_FORM_DEFAULTS.login_method,
  ),
  domain: optionalText(255, 'The domain'),
  additional_domains: optionalText(2000, 'The additional domains'),
  communications_email: optionalEmail('communications email'),
  bcc_response_email: optionalEmail('bcc response email'),
  show_in_public_web: z.preprocess(
    (value) => (value === undefined || value === '' ? COMPANY_FORM_DEFAULTS.show_in_public_web : value),
    zeroOrOne,
  ),
  login_page_text: optionalText(LIMITS.textMax, 'The login page text'),
  region_text: optionalText(LIMITS.textMax, 'The region text'),
  public_web_text: optionalText(LIMITS.textMax, 'The public web text'),
  sso_identity_source: withDefault(
    z.enum(SSO_IDENTITY_SOURCES, { error: 'The identity source must be url or file.' }),
    COMPANY_FORM_DEFAULTS.sso_identity_source,
  ),
  sso_idp_entity_url: optionalUrl('entity url'),
  sso_idp_federation_url: optionalUrl('federation url'),
  sso_idp_logout_url: optionalUrl('logout url'),
  sso_login_section: optionalText(LIMITS.textMax, 'The login section'),
  sso_registration_section: optionalText(LIMITS.textMax, 'The registration section'),
});
export type CompanyFormBody = z.input<typeof CompanyFormBody>;

export const CompanyStatusBody = z.object({
  status: z.enum(COMPANY_STATUSES, { error: 'The status must be active or inactive.' }),
});

const byId = (path: string) => `super_admin/companies/:id${path}`;

// ---------- endpoints ----------

export const superAdminCompaniesApi = {
  list: endpoint({
    method: 'GET',
    path: 'super_admin/companies',
    access: 'super_admin',
    summary: 'Every member company with its groups, membership, user count and status',
    response: z.object({ companies: z.array(CompanyListRow) }),
  }),
  export: endpoint({
    method: 'GET',
    path: 'super_admin/companies/export',
    access: 'super_admin',
    summary: 'Start companies.xlsx (export kind companies); progress arrives as export.status',
    response: ExportAnswer,
  }),
  options: endpoint({
    method: 'GET',
    path: 'super_admin/companies/list',
    access: 'super_admin',
    summary: 'id and name of every company, for selects',
    response: z.object({ companies: z.array(NamedOption) }),
  }),
  company: endpoint({
    method: 'GET',
    path: byId(''),
    access: 'super_admin',
    summary: 'One company: info box, every form field and its registration settings (404 unknown)',
    response: z.object({ company: SuperAdminCompany }),
  }),
  save: endpoint({
    method: 'POST',
    path: byId(''),
    access: 'super_admin',
    summary: 'Create (id 0) or update a company; multipart with logo_file and sso_idp_file',
    body: CompanyFormBody,
    response: DoneBody.extend({ id: z.number(), company: SuperAdminCompany }),
    multipart: true,
    checkOnly: true,
  }),
  status: endpoint({
    method: 'POST',
    path: byId('/status'),
    access: 'super_admin',
    summary: "Enable or disable a company; disabling ends its users' sessions",
    body: CompanyStatusBody,
    response: DoneBody.extend({ company: SuperAdminCompany }),
  }),
  delete: endpoint({
    method: 'GET',
    path: byId('/delete'),
    access: 'super_admin',
    summary: 'Delete a company with everything only it owns (409 while it has cases or sponsors a group)',
    response: DoneBody,
  }),
  deleteSummary: endpoint({
    method: 'GET',
    path: byId('/delete_summary'),
    access: 'super_admin',
    summary: 'What a delete would take with the company (users, departments, processes, cases) and what blocks it',
    response: CompanyDeleteSummary,
  }),
  registration: endpoint({
    method: 'POST',
    path: byId('/registration'),
    access: 'super_admin',
    summary: "Save the company's registration settings",
    body: RegistrationSettingsBody,
    response: DoneBody.extend({ settings: RegistrationSettings }),
  }),
  relations: endpoint({
    method: 'GET',
    path: byId('/relations'),
    access: 'super_admin',
    summary: "The company's group relations, active or not (Groups panel)",
    response: z.object({ relations: z.array(SuperAdminRelationRow) }),
  }),
  managers: endpoint({
    method: 'GET',
    path: byId('/managers'),
    access: 'super_admin',
    summary: 'Signup manager choices: the active, approved users of the company',
    response: z.object({ managers: z.array(SignupManagerOption) }),
  }),
  users: endpoint({
    method: 'GET',
    path: byId('/users'),
    access: 'super_admin',
    summary: 'Users of the company (Users panel)',
    response: z.object({ users: z.array(SuperAdminCompanyUserRow) }),
  }),
  exportUsers: endpoint({
    method: 'GET',
    path: byId('/users/export'),
    access: 'super_admin',
    summary: "Start the company's users spreadsheet (export kind company_users with company_id)",
    response: ExportAnswer,
  }),
  departments: endpoint({
    method: 'GET',
    path: byId('/departments'),
    access: 'super_admin',
    summary: 'Departments of the company with group and process (Departments panel)',
    response: z.object({ departments: z.array(SuperAdminDepartmentRow) }),
  }),
  allDepartments: endpoint({
    method: 'GET',
    path: byId('/departments/all'),
    access: 'super_admin',
    summary: 'id and name of every department of the company, for selects',
    response: z.object({ departments: z.array(NamedOption) }),
  }),
  documents: endpoint({
    method: 'GET',
    path: byId('/contact_documents'),
    access: 'super_admin',
    summary: 'Live process documents of the company (Process Forms panel)',
    response: z.object({ documents: z.array(SuperAdminDocumentRow) }),
  }),
  allDocuments: endpoint({
    method: 'GET',
    path: byId('/contact_documents/all'),
    access: 'super_admin',
    summary: 'id and name of every live process document of the company, for selects',
    response: z.object({ documents: z.array(NamedOption) }),
  }),
  groups: endpoint({
    method: 'GET',
    path: byId('/groups'),
    access: 'super_admin',
    summary: 'Groups of the active relations, as the default group access checkboxes offer them',
    response: z.object({ groups: z.array(GroupOption) }),
  }),
  docsAndDepts: endpoint({
    method: 'GET',
    path: byId('/docs_and_depts'),
    access: 'super_admin',
    summary: 'id and name of the live process documents and departments of the company',
    response: z.object({ documents: z.array(NamedOption), departments: z.array(NamedOption) }),
  }),
} as const;
