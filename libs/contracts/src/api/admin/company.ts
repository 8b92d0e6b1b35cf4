import { z } from 'zod';
import { COMPANY_STATUSES, DEPARTMENT_STATUSES, LOGIN_METHODS, MEMBERSHIP_TYPES } from '../../constants/company';
import { GROUP_TYPES, USER_ACCESS_FLAGS } from '../../constants/groups';
import { LIMITS } from '../../constants/limits';
import {
  ASSIGNABLE_ROLES,
  REGISTRATION_TYPES,
  ROLES,
  USER_STATUSES,
  USER_TYPES,
  type RegistrationType,
} from '../../constants/roles';
import { ApprovalResponse, CurrentUser } from '../auth';
import { ChangeRequestBody, ChangeRequestRow } from '../change-requests';
import {
  DoneBody,
  emailField,
  idField,
  optionalText,
  pageField,
  pageSizeField,
  passwordField,
  phoneField,
  requiredText,
  withPasswordConfirmation,
} from '../common';
import { endpoint } from '../endpoint';
import { ExportAnswer } from '../exports';
import { MyGroupRelation } from './groups';

export const REGISTRATION_SETTINGS_SAVED = 'Registration settings saved.';
export const USER_SAVED = 'User saved.';
export const USER_DELETED = 'User deleted.';
export const INTERNAL_NOTE_PREVIEW_LENGTH = 200;

/** "Created Through" column of the users table. */
export const REGISTRATION_TYPE_LABELS: Record<RegistrationType, string> = {
  seed: 'System',
  admin: 'Company Admin',
  registration: 'Registration',
  email_link: 'Email Login Link',
  sso: 'Single Sign On',
  onboarding: 'Onboarding',
};

// ---------- shapes ----------

/** A group of the company's relations, as offered by the group-access checkboxes. */
export const GroupOption = z.object({
  id: z.number(),
  name: z.string(),
  type: z.enum(GROUP_TYPES),
  /** all: every user has access, shown greyed out and always included. */
  user_access_flag: z.enum(USER_ACCESS_FLAGS),
});
export type GroupOption = z.infer<typeof GroupOption>;

export const RegistrationSettings = z.object({
  requires_approval: z.union([z.literal(0), z.literal(1)]),
  signup_manager_id: z.number().nullable(),
  alt_signup_manager_id: z.number().nullable(),
  /** Group ids a newly registered user gets (the "all" groups included). */
  communities: z.array(z.number()),
});
export type RegistrationSettings = z.infer<typeof RegistrationSettings>;

export const AdminCompanyInfo = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  url: z.string().nullable(),
  status: z.enum(COMPANY_STATUSES),
  membership_type: z.enum(MEMBERSHIP_TYPES),
  login_method: z.enum(LOGIN_METHODS),
  login_method_label: z.string(),
  domain: z.string().nullable(),
  additional_domains: z.string().nullable(),
  communications_email: z.string().nullable(),
  bcc_response_email: z.string().nullable(),
  allow_notes: z.boolean(),
});

export const AdminCompanyResponse = z.object({
  company: AdminCompanyInfo,
  /** Which links the company info box offers to this admin (limited membership and non-admins get fewer). */
  links: z.object({ registration: z.boolean(), sso: z.boolean(), change_request: z.boolean() }),
  registration: RegistrationSettings,
  /** Choices for the signup manager selects: the company's active users. */
  signup_managers: z.array(
    z.object({ id: z.number(), first_name: z.string(), last_name: z.string(), email: z.string() }),
  ),
  groups: z.array(GroupOption),
});
export type AdminCompanyResponse = z.infer<typeof AdminCompanyResponse>;

export const DepartmentRow = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  status: z.enum(DEPARTMENT_STATUSES),
});

export const InternalNoteRow = z.object({
  id: z.number(),
  /** The partner company whose process the note is about. */
  member: z.string(),
  process: z.string(),
  document_id: z.number(),
  /** Plain text, at most INTERNAL_NOTE_PREVIEW_LENGTH characters. */
  note: z.string(),
  updated_at: z.string(),
});

/** Empty values of a select ("Choose One") read as no choice. */
const optionalId = z.preprocess(
  (value) => (value === '' || value === null || value === undefined || value === 0 || value === '0' ? null : value),
  idField.nullable(),
);

export const RegistrationSettingsBody = z.object({
  requires_approval: z.preprocess(
    (value) => (typeof value === 'boolean' ? Number(value) : typeof value === 'string' ? Number(value) : value),
    z.union([z.literal(0), z.literal(1)], { error: 'The requires approval field must be 0 or 1.' }),
  ),
  signup_manager_id: z.preprocess(
    (value) => (value === '' || value === 0 || value === '0' ? undefined : value),
    z.coerce
      .number({ error: 'The signup manager field is required.' })
      .int('The signup manager field is required.')
      .positive('The signup manager field is required.'),
  ),
  alt_signup_manager_id: optionalId,
  group_access: z.array(idField).max(500).default([]),
});
export type RegistrationSettingsBody = z.input<typeof RegistrationSettingsBody>;

export const RegistrationQueueRow = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  created_at: z.string(),
});

export const CompanyUserRow = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  role_label: z.string(),
  registration_type: z.enum(REGISTRATION_TYPES),
  created_through: z.string(),
  status: z.enum(USER_STATUSES),
  last_login_date: z.string().nullable(),
  created_at: z.string(),
});

/** Rows per page of the company users table (admin.users). */
export const COMPANY_USERS_PAGE_SIZE = 25;

/**
 * The users table's search, filters and page: `q` matches first name, last name, "first last" or e-mail; `status`
 * and `role` narrow it. The export ignores them and writes every user.
 */
export const CompanyUsersQuery = z.object({
  q: z.string().trim().max(LIMITS.nameMax).optional(),
  status: z.enum(USER_STATUSES, { error: 'The status filter is not valid.' }).optional(),
  role: z.enum(ASSIGNABLE_ROLES, { error: 'The role filter is not valid.' }).optional(),
  page: pageField,
  limit: pageSizeField(COMPANY_USERS_PAGE_SIZE),
});
export type CompanyUsersQuery = z.input<typeof CompanyUsersQuery>;

export const CompanyUsersResponse = z.object({
  /** One page of the matching users, by last name, first name. */
  users: z.array(CompanyUserRow),
  /** How many users match the search and filters, on every page. */
  total: z.number(),
  current_page: z.number(),
  per_page: z.number(),
  login_method: z.enum(LOGIN_METHODS),
  login_method_label: z.string(),
  /** The e-mail domain match; only for email_link companies. */
  domain: z.string().nullable(),
  /** The login page sub-domain is built from it. */
  slug: z.string(),
  /** Whether the registration queue box is shown. */
  registration_queue: z.boolean(),
  limited: z.boolean(),
});
export type CompanyUsersResponse = z.infer<typeof CompanyUsersResponse>;

/** A user as the company admin manages it: the profile fields of CurrentUser plus what the admin pages show. */
export const ManagedUser = CurrentUser.pick({
  id: true,
  first_name: true,
  last_name: true,
  email: true,
  phone: true,
  phone_country_code: true,
  country_id: true,
  city: true,
  role: true,
  type: true,
  status: true,
}).extend({
  country: z.object({ name: z.string() }).nullable(),
  company_id: z.number(),
  registration_type: z.enum(REGISTRATION_TYPES),
  last_login_date: z.string().nullable(),
  created_at: z.string(),
  /** Ids of the groups the user has access to (the "all" groups included). */
  group_access: z.array(z.number()),
});
export type ManagedUser = z.infer<typeof ManagedUser>;

export const ManagedUserResponse = z.object({
  /** Null for id 0 (a new user). */
  user: ManagedUser.nullable(),
  communities: z.array(GroupOption),
  /** Whether the password fields are shown on create (not for sso companies unless the role is api). */
  login_method: z.enum(LOGIN_METHODS),
});

const optionalPassword = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  passwordField.optional(),
);

/** The fields of the user form, without the confirmation check (the back office extends them with company_id). */
export const ManagedUserFields = z.object({
  first_name: requiredText(LIMITS.nameMax, 'The first name'),
  last_name: requiredText(LIMITS.nameMax, 'The last name'),
  email: emailField,
  phone: phoneField,
  phone_country_code: z.string().trim().max(4).nullish(),
  country_id: optionalId,
  city: optionalText(LIMITS.cityMax, 'The city'),
  role: z.enum(ASSIGNABLE_ROLES, { error: 'The selected role is invalid.' }),
  type: z.enum(USER_TYPES, { error: 'The selected type is invalid.' }).default('basic'),
  password: optionalPassword,
  password_confirmation: z.string().nullish(),
  group_access: z.array(idField).max(500).default([]),
});

export const ManagedUserBody = withPasswordConfirmation(ManagedUserFields);
export type ManagedUserBody = z.input<typeof ManagedUserBody>;

export const UserStatusBody = z.object({
  status: z.enum(USER_STATUSES, { error: 'The status must be active or inactive.' }),
});

// ---------- endpoints ----------

export const adminCompanyApi = {
  company: endpoint({
    method: 'GET',
    path: 'admin/company',
    access: 'company_admin',
    summary: "The admin's company: info box, links, registration settings and their choices",
    response: AdminCompanyResponse,
  }),
  departments: endpoint({
    method: 'GET',
    path: 'admin/company/:id/departments',
    access: 'company_admin',
    summary: 'Departments of the own company (another id answers 404)',
    response: z.object({ departments: z.array(DepartmentRow) }),
  }),
  internalNotes: endpoint({
    method: 'GET',
    path: 'admin/company/internal_notes',
    access: 'company_admin',
    summary: "The company's internal notes on partner processes (plain text, truncated)",
    response: z.object({ notes: z.array(InternalNoteRow) }),
  }),
  relations: endpoint({
    method: 'GET',
    path: 'admin/company/relations',
    access: 'company_admin',
    summary: "The company's partner-group memberships",
    response: z.object({ relations: z.array(MyGroupRelation) }),
  }),
  change: endpoint({
    method: 'POST',
    path: 'admin/company/change',
    access: 'company_admin',
    summary: 'Request a change only membership can make (24-48 hours); the membership team is mailed',
    body: ChangeRequestBody,
    response: DoneBody.extend({ change_request: ChangeRequestRow }),
  }),
  registration: endpoint({
    method: 'POST',
    path: 'admin/company/registration',
    access: 'company_admin',
    refusesLimitedMembership: true,
    summary: 'Save the registration settings (blocked for limited membership)',
    body: RegistrationSettingsBody,
    response: DoneBody.extend({ settings: RegistrationSettings }),
  }),
  registrationQueue: endpoint({
    method: 'GET',
    path: 'admin/company/registration/queue',
    access: 'company_admin',
    summary: 'Registrations of the company waiting for approval',
    response: z.object({ queue: z.array(RegistrationQueueRow) }),
  }),
  approveRegistration: endpoint({
    method: 'GET',
    path: 'admin/company/registration/:id/approve',
    access: 'company_admin',
    summary: 'Approve a pending registration (409 once decided) and mail the applicant',
    response: ApprovalResponse,
  }),
  rejectRegistration: endpoint({
    method: 'GET',
    path: 'admin/company/registration/:id/reject',
    access: 'company_admin',
    summary: 'Reject a pending registration (409 once decided) and mail the applicant',
    response: ApprovalResponse,
  }),
  users: endpoint({
    method: 'GET',
    path: 'admin/company/users',
    access: 'company_admin',
    summary: "The company's users (searched, filtered, one page) with its login method",
    query: CompanyUsersQuery,
    response: CompanyUsersResponse,
  }),
  exportUsers: endpoint({
    method: 'GET',
    path: 'admin/company/users/export',
    access: 'company_admin',
    summary: 'Start the users spreadsheet (export kind company_users); progress arrives as export.status',
    response: ExportAnswer,
  }),
  user: endpoint({
    method: 'GET',
    path: 'admin/company/users/:id',
    access: 'company_admin',
    summary: 'One user of the company with group access (id 0: only the choices for a new user)',
    response: ManagedUserResponse,
  }),
  saveUser: endpoint({
    method: 'POST',
    path: 'admin/company/users/:id',
    access: 'company_admin',
    // A limited membership asks for user changes through Contact (a change request) instead.
    refusesLimitedMembership: true,
    summary: 'Create (id 0) or update a user of the company',
    body: ManagedUserBody,
    checkOnly: true,
    response: DoneBody.extend({ user: ManagedUser }),
  }),
  deleteUser: endpoint({
    method: 'GET',
    path: 'admin/company/users/:id/delete',
    access: 'company_admin',
    refusesLimitedMembership: true,
    summary: 'Delete a user of the company (not yourself); their sessions end',
    response: DoneBody,
  }),
  userStatus: endpoint({
    method: 'POST',
    path: 'admin/company/users/:id/status',
    access: 'company_admin',
    refusesLimitedMembership: true,
    summary: 'Enable or disable a user; disabling ends their sessions and sockets',
    body: UserStatusBody,
    response: DoneBody.extend({ user: ManagedUser }),
  }),
} as const;
