import { z } from 'zod';
import { LOGIN_METHODS, MEMBERSHIP_TYPES, COMPANY_STATUSES } from '../../constants/company';
import { LIMITS } from '../../constants/limits';
import { ASSIGNABLE_ROLES, ROLES, USER_STATUSES } from '../../constants/roles';
import { GroupOption, ManagedUser, ManagedUserFields, UserStatusBody } from '../admin/company';
import { ApprovalResponse } from '../auth';
import { Country, DoneBody, passwordField, withPasswordConfirmation } from '../common';
import { endpoint } from '../endpoint';
import { ExportAnswer } from '../exports';

/**
 * The back office's Inactive Users list holds users who are disabled or have not signed in (or, never signed in,
 * were created) more than this many days ago. The rule is our choice; see docs/decisions.md.
 */
export const INACTIVE_USER_DAYS = 90;
/** Rows per page of super_admin/users/list/{page}; the web asks page after page until one is empty. */
export const INACTIVE_USERS_PAGE_SIZE = 50;
/** At most this many hits per dashboard search box. */
export const SEARCH_RESULTS_MAX = 20;

export const PASSWORD_UPDATED = 'Password updated.';
export const SSO_PASSWORD_REFUSED =
  'This company signs in with single sign-on: only API users have a password to update.';
export const REGISTRATION_NOT_FOUND = 'Registration not found.';

/** The confirmation of the user form's Delete button. */
export const deleteUserQuestion = (name: string) => `Are you sure you want to delete ${name} from the system?`;
export const loginAsLabel = (name: string) => `Login as ${name}`;

// ---------- shapes ----------

export const UserFormCompany = z.object({
  id: z.number(),
  name: z.string(),
  login_method: z.enum(LOGIN_METHODS),
});

/** A user as the back office edits it: the company admin's shape plus the read-only fields and its company. */
export const SuperAdminUser = ManagedUser.extend({
  agreement_date: z.string().nullable(),
  focus_group: z.string().nullable(),
  company: UserFormCompany,
});
export type SuperAdminUser = z.infer<typeof SuperAdminUser>;

export const UserFormDataResponse = z.object({
  company: UserFormCompany,
  countries: z.array(Country),
  /** The roles a company user may be given, with their display names. */
  roles: z.array(z.object({ value: z.enum(ASSIGNABLE_ROLES), label: z.string() })),
});

export const SuperAdminUserResponse = z.object({
  user: SuperAdminUser,
  /** Ids of the groups the user reaches (the "all" groups included). */
  access: z.array(z.number()),
  /** The groups of the user's company, for the community access checkboxes. */
  communities: z.array(GroupOption),
});

export const SuperAdminUserBody = withPasswordConfirmation(
  ManagedUserFields.extend({
    company_id: z.coerce
      .number({ error: 'The company field is required.' })
      .int('The company field is required.')
      .positive('The company field is required.'),
  }),
);
export type SuperAdminUserBody = z.input<typeof SuperAdminUserBody>;

export const UserPasswordBody = withPasswordConfirmation(
  z.object({ password: passwordField, password_confirmation: z.string().nullish() }),
);
export type UserPasswordBody = z.input<typeof UserPasswordBody>;

/** A company user as the back office lists one: name, e-mail and company. */
const CompanyUserIdentity = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  company_id: z.number(),
  company_name: z.string(),
});

export const InactiveUserRow = CompanyUserIdentity.extend({
  role: z.enum(ROLES),
  role_label: z.string(),
  last_login_date: z.string().nullable(),
  status: z.enum(USER_STATUSES),
});
export type InactiveUserRow = z.infer<typeof InactiveUserRow>;

export const SuperAdminRegistrationRow = CompanyUserIdentity.extend({
  created_at: z.string(),
});
export type SuperAdminRegistrationRow = z.infer<typeof SuperAdminRegistrationRow>;

export const SearchQuery = z.object({
  term: z
    .string({ error: `The search term must be at least ${LIMITS.searchMinChars} characters.` })
    .trim()
    .min(LIMITS.searchMinChars, `The search term must be at least ${LIMITS.searchMinChars} characters.`)
    .max(100, 'The search term may not be greater than 100 characters.'),
});

export const CompanySearchHit = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  membership_type: z.enum(MEMBERSHIP_TYPES),
  status: z.enum(COMPANY_STATUSES),
});
export type CompanySearchHit = z.infer<typeof CompanySearchHit>;

export const UserSearchHit = CompanyUserIdentity;
export type UserSearchHit = z.infer<typeof UserSearchHit>;

// ---------- endpoints ----------

export const superAdminUsersApi = {
  formData: endpoint({
    method: 'GET',
    path: 'super_admin/users/form_data/:company_id',
    access: 'super_admin',
    summary: 'Choices of the user form for a company: the company, countries and roles',
    response: UserFormDataResponse,
  }),
  list: endpoint({
    method: 'GET',
    path: 'super_admin/users/list/:page',
    access: 'super_admin',
    summary: 'One page (from 1) of the Inactive Users list; an empty page ends it',
    response: z.object({ users: z.array(InactiveUserRow), page: z.number(), per_page: z.number() }),
  }),
  exportList: endpoint({
    method: 'GET',
    path: 'super_admin/users/export',
    access: 'super_admin',
    summary: 'Start the Inactive Users spreadsheet (export kind inactive_users); progress arrives as export.status',
    response: ExportAnswer,
  }),
  user: endpoint({
    method: 'GET',
    path: 'super_admin/users/:id',
    access: 'super_admin',
    summary: 'One company user with its group access and the groups of its company',
    response: SuperAdminUserResponse,
  }),
  save: endpoint({
    method: 'POST',
    path: 'super_admin/users/:user_id',
    access: 'super_admin',
    summary: 'Create (user_id 0) a user of company_id, or update one',
    body: SuperAdminUserBody,
    checkOnly: true,
    response: DoneBody.extend({ user: SuperAdminUser }),
  }),
  delete: endpoint({
    method: 'GET',
    path: 'super_admin/users/:id/delete',
    access: 'super_admin',
    summary: 'Delete a company user; their sessions end',
    response: DoneBody,
  }),
  status: endpoint({
    method: 'POST',
    path: 'super_admin/users/:id/status',
    access: 'super_admin',
    summary: 'Enable or disable a user; disabling ends their sessions and sockets',
    body: UserStatusBody,
    response: DoneBody.extend({ user: SuperAdminUser }),
  }),
  password: endpoint({
    method: 'POST',
    path: 'super_admin/users/:id/password',
    access: 'super_admin',
    summary: "Set a user's password (409 for single sign-on users other than api); their sessions end",
    body: UserPasswordBody,
    response: DoneBody,
  }),
  registrationQueue: endpoint({
    method: 'GET',
    path: 'super_admin/registration/queue',
    access: 'super_admin',
    summary: "Every company's registrations waiting for approval",
    response: z.object({ queue: z.array(SuperAdminRegistrationRow) }),
  }),
  approveRegistration: endpoint({
    method: 'GET',
    path: 'super_admin/registration/:id/approve',
    access: 'super_admin',
    summary: 'Approve a pending registration (409 once decided) and mail the applicant',
    response: ApprovalResponse,
  }),
  rejectRegistration: endpoint({
    method: 'GET',
    path: 'super_admin/registration/:id/reject',
    access: 'super_admin',
    summary: 'Reject a pending registration (409 once decided) and mail the applicant',
    response: ApprovalResponse,
  }),
  searchCompanies: endpoint({
    method: 'GET',
    path: 'super_admin/search/company',
    access: 'super_admin',
    summary: 'Companies whose name or slug contains the term (at least 2 characters)',
    query: SearchQuery,
    response: z.object({ results: z.array(CompanySearchHit) }),
  }),
  searchUsers: endpoint({
    method: 'GET',
    path: 'super_admin/search/user',
    access: 'super_admin',
    summary: 'Company users whose name or e-mail contains the term (at least 2 characters)',
    query: SearchQuery,
    response: z.object({ results: z.array(UserSearchHit) }),
  }),
} as const;
