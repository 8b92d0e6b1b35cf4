import { z } from 'zod';
import { LIMITS } from '../constants/limits';
import { MEMBERSHIP_LEVELS, MEMBERSHIP_TYPES, LOGIN_METHODS, COMPANY_STATUSES } from '../constants/company';
import { ROLES, USER_TYPES, USER_STATUSES } from '../constants/roles';
import {
  agreeField,
  Country,
  EmptyBody,
  emailField,
  idField,
  MessageBody,
  optionalText,
  passwordField,
  phoneField,
  requiredText,
  SuccessBody,
  TokenResponse,
  withPasswordConfirmation,
} from './common';
import { endpoint } from './endpoint';
import { currentPasswordField } from './member/profile';

// ---------- shapes ----------

export const CompanySummary = z.object({
  id: z.number(),
  name: z.string(),
  full_name: z.string().nullable(),
  slug: z.string(),
  url: z.string().nullable(),
  domain: z.string().nullable(),
  status: z.enum(COMPANY_STATUSES),
  membership_type: z.enum(MEMBERSHIP_TYPES),
  membership_level_text: z.string().nullable(),
  login_method: z.enum(LOGIN_METHODS),
  login_page_text: z.string().nullable(),
  logo: z.string().nullable(),
  allow_notes: z.boolean(),
});
export type CompanySummary = z.infer<typeof CompanySummary>;

export const CurrentUser = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  phone_country_code: z.string(),
  country_id: z.number().nullable(),
  city: z.string().nullable(),
  focus_group: z.string().nullable(),
  role: z.enum(ROLES),
  type: z.enum(USER_TYPES),
  status: z.enum(USER_STATUSES),
  company_id: z.number().nullable(),
  agreement_date: z.string().nullable(),
  force_update_profile: z.boolean(),
  force_update_agreement: z.boolean(),
  /** The account has a password of its own (SSO and login-link accounts may not): it is asked before changes. */
  has_password: z.boolean(),
});
export type CurrentUser = z.infer<typeof CurrentUser>;

export const MeResponse = z.object({
  user: CurrentUser,
  company: CompanySummary.nullable(),
  /** Set while a super admin is logged in as this user. */
  impersonated_by: z.object({ id: z.number(), first_name: z.string(), last_name: z.string() }).nullable(),
});
export type MeResponse = z.infer<typeof MeResponse>;

export const MiddlewareResponse = z.object({
  authorized: z.boolean(),
  role: z.enum(ROLES).nullable(),
  level: z.enum(MEMBERSHIP_LEVELS).nullable(),
});

export const Person = z.object({ first_name: z.string(), last_name: z.string() });
export const KeyContact = Person.extend({
  city: z.string().nullable(),
  country: z.object({ country_code: z.string() }).nullable(),
});

export const LandingGroup = z.object({
  id: z.number(),
  name: z.string(),
  vhost: z.string().nullable(),
  logo: z.string().nullable(),
  instructions: z.string().nullable(),
  links: z.array(z.object({ label: z.string(), url: z.string() })),
});

export const LandingResponse = z.object({
  company: CompanySummary.extend({
    sso_login_section: z.string().nullable(),
    sso_registration_section: z.string().nullable(),
    requires_approval: z.boolean(),
  }),
  manager: z.array(Person),
  key_contacts: z.array(KeyContact),
  countries: z.array(Country),
  group: LandingGroup.nullable(),
});
export type LandingResponse = z.infer<typeof LandingResponse>;

export const CompanySearchResult = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  logo: z.string().nullable(),
});

// ---------- bodies ----------

export const LoginBody = z.object({
  email: emailField,
  password: z.string({ error: 'The password field is required.' }).min(1, 'The password field is required.').max(200),
});
export const ForgotPasswordBody = z.object({ email: emailField });
export const ResetPasswordBody = withPasswordConfirmation(
  z.object({
    email: emailField,
    password: passwordField,
    password_confirmation: z.string().nullish(),
    token: z.string({ error: 'The token field is required.' }).min(1, 'The token field is required.').max(200),
  }),
);
export const VerifyAccountBody = z.object({ email: emailField });
export const VerifyResponse = z.object({
  action: z.enum(['verified', 'approval', 'invalid']),
  error: z.string().nullable(),
  message: z.string().nullable(),
  company: z.object({ slug: z.string(), name: z.string() }).nullable(),
});

export const LoginLinkBody = z.object({
  email: emailField,
  company_id: idField,
  agree_confirm: agreeField,
});
export const AutoLoginBody = z.object({ token: z.string().min(1, 'The token field is required.').max(200) });
export const LandingSearchBody = z.object({
  term: z
    .string()
    .trim()
    .min(LIMITS.searchMinChars, `The term must be at least ${LIMITS.searchMinChars} characters.`)
    .max(LIMITS.nameMax),
});

export const RegistrationBody = withPasswordConfirmation(
  z.object({
    first_name: requiredText(LIMITS.nameMax, 'The first name'),
    last_name: requiredText(LIMITS.nameMax, 'The last name'),
    email: emailField,
    phone: phoneField,
    country_id: idField.nullish(),
    phone_country_code: z.string().trim().max(4).nullish(),
    city: optionalText(LIMITS.cityMax, 'The city'),
    password: passwordField,
    password_confirmation: z.string().nullish(),
    agree_confirm: agreeField,
  }),
);
export type RegistrationBody = z.input<typeof RegistrationBody>;
export const RegistrationResponse = z.object({
  message: z.string(),
  error: z.string().nullable(),
  approval: z.boolean(),
});

export const ApprovalBody = z.object({ note: z.string().max(LIMITS.textMax).nullish() });
export const ApprovalResponse = z.object({
  success: z.boolean(),
  approved: z.boolean(),
  user: Person.nullable(),
  message: z.string(),
});

export const ProfileBody = z.object({
  first_name: requiredText(LIMITS.nameMax, 'The first name'),
  last_name: requiredText(LIMITS.nameMax, 'The last name'),
  email: emailField,
  phone: phoneField,
  phone_country_code: z.string().trim().max(4).nullish(),
  country_id: idField.nullish(),
  city: optionalText(LIMITS.cityMax, 'The city'),
  agree_confirm: agreeField.optional(),
  /** Needed when the e-mail changes (and the account has a password). */
  current_password: currentPasswordField,
});
export type ProfileBody = z.input<typeof ProfileBody>;
export const AgreementBody = z.object({ agree_confirm: agreeField });
export const UserResponse = z.object({
  user: CurrentUser,
  /** Set when something waits for the user, e.g. the link that confirms a new e-mail address. */
  message: z.string().nullish(),
});

// ---------- endpoints ----------

export const authApi = {
  login: endpoint({
    method: 'POST',
    path: 'auth/login',
    access: 'public',
    summary: 'Sign in with e-mail and password',
    body: LoginBody,
    response: TokenResponse,
  }),
  me: endpoint({
    method: 'GET',
    path: 'auth/me',
    access: 'user',
    summary: 'The signed-in user and company',
    response: MeResponse,
  }),
  refresh: endpoint({
    method: 'POST',
    path: 'auth/refresh',
    access: 'public',
    summary: 'Exchange the current (possibly expired) token for a new one',
    response: TokenResponse,
  }),
  logout: endpoint({
    method: 'POST',
    path: 'auth/logout',
    access: 'user',
    summary: 'Revoke the current session',
    body: EmptyBody.optional(),
    response: SuccessBody,
  }),
  forgotPassword: endpoint({
    method: 'POST',
    path: 'auth/forgot_password',
    access: 'public',
    summary: 'Mail a password-reset link',
    body: ForgotPasswordBody,
    response: MessageBody,
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: 'auth/reset_password',
    access: 'public',
    summary: 'Set a new password with a reset token',
    body: ResetPasswordBody,
    response: TokenResponse,
  }),
  verify: endpoint({
    method: 'GET',
    path: 'auth/verify/:token',
    access: 'public',
    summary: 'Verify an account by its mailed token',
    response: VerifyResponse,
  }),
  verifyAccount: endpoint({
    method: 'POST',
    path: 'auth/verify_account',
    access: 'public',
    summary: 'Mail a new verification link',
    body: VerifyAccountBody,
    response: MessageBody,
  }),
  loginAsUser: endpoint({
    method: 'GET',
    path: 'auth/super_admin/login_as_user/:id',
    access: 'super_admin',
    summary: 'Super admin signs in as another user',
    response: TokenResponse,
  }),
  middleware: endpoint({
    method: 'GET',
    path: 'auth/middleware',
    access: 'public',
    summary: 'Whether the bearer token is valid, with role and membership level',
    response: MiddlewareResponse,
  }),
} as const;

export const accountApi = {
  approval: endpoint({
    method: 'POST',
    path: 'users/approval/:token/:action',
    access: 'public',
    summary: 'A signup manager approves or rejects a registration',
    body: ApprovalBody,
    response: ApprovalResponse,
  }),
  profileFormData: endpoint({
    method: 'GET',
    path: 'users/profile_form_data',
    access: 'user',
    summary: 'Countries for the profile form',
    response: z.object({ countries: z.array(Country) }),
  }),
  profile: endpoint({
    method: 'POST',
    path: 'users/profile',
    access: 'user',
    summary: 'Update the contact details of the signed-in user',
    body: ProfileBody,
    response: UserResponse,
  }),
  agreement: endpoint({
    method: 'POST',
    path: 'users/agreement',
    access: 'user',
    summary: 'Accept the privacy policy',
    body: AgreementBody,
    response: UserResponse,
  }),
} as const;

export const landingApi = {
  landing: endpoint({
    method: 'GET',
    path: 'caller/landing/:slug',
    access: 'public',
    summary: 'Company landing page data',
    response: LandingResponse,
  }),
  search: endpoint({
    method: 'POST',
    path: 'caller/landing_page',
    access: 'public',
    summary: 'Search companies shown on the public site',
    body: LandingSearchBody,
    response: z.array(CompanySearchResult),
  }),
  link: endpoint({
    method: 'POST',
    path: 'caller/link',
    access: 'public',
    summary: 'Mail a login link (email_link companies)',
    body: LoginLinkBody,
    response: MessageBody,
  }),
  register: endpoint({
    method: 'POST',
    path: 'caller/register/:slug',
    access: 'public',
    summary: 'Register an account with a company',
    body: RegistrationBody,
    response: RegistrationResponse,
  }),
  autoLogin: endpoint({
    method: 'POST',
    path: 'caller/auto_login',
    access: 'public',
    summary: 'Exchange a login-link token for a session',
    body: AutoLoginBody,
    response: TokenResponse,
  }),
} as const;
