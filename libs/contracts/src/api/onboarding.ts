import { z } from 'zod';
import { MEMBERSHIP_TYPES } from '../constants/company';
import {
  CONTRACT_LENGTHS,
  GROUP_TYPES,
  ONBOARDING_STATUSES,
  ONBOARDING_STEPS,
  PAYMENT_TYPES,
} from '../constants/groups';
import { LIMITS } from '../constants/limits';
import { Country, emailField, idField, optionalText, passwordField, phoneField, requiredText } from './common';
import { endpoint } from './endpoint';

/**
 * Partner-group onboarding: contact, agreements, payment, process. Every call is public and works on
 * one onboarding session named by its token; the vhost names the partner group. Validation errors use dotted keys
 * (company.name, user.email, document.support_hours) that the web maps to its fields.
 */

export const ONBOARDING_MESSAGES = {
  savedForLater: 'Your progress has been saved. We sent you an e-mail with a link to finish later.',
  submitted: 'Your request has been sent. You will receive a status e-mail once it has been reviewed.',
  alreadyMember: 'Your company is already a member of this partner group.',
  alreadySubmitted: 'This onboarding request has already been sent.',
  sessionNotFound: 'This onboarding session could not be found. Please start again.',
  paymentRequired: 'Payment is required before continuing.',
  paymentNotRequired: 'No payment is required for this partner group.',
  paymentSucceeded: 'Thank you. Your payment has been received.',
  /** The sponsor pays for free groups (both prices 0). */
  sponsorPays: 'There is no charge to join: the sponsor company covers the membership.',
  limitedSponsorPays:
    'There is no charge to join: the sponsor company covers your limited membership, saving you $500 per year.',
  basicNoTwentyFourSeven: 'Please note: Basic membership does not provide 7*24 collaboration.',
  noActionRequired: 'No Action Required',
  createNewDocument: 'Create a new one for me',
} as const;

/**
 * Where the flow goes after a step; each value but payment and register-limited is an onboarding route.
 * New members: contact, agreements, (payment), process. Limited members: contact, agreements, register-limited.
 * Other existing members: contact, basic-premium (agreements with the process choice), (payment), register/existing;
 * choose-process is the stand-alone choice for a session restored after its agreements.
 */
export const ONBOARDING_NEXT = [
  'agreements',
  'basic-premium',
  'payment',
  'process',
  'register-limited',
  'choose-process',
  'success',
] as const;
export type OnboardingNext = (typeof ONBOARDING_NEXT)[number];

export const ONBOARDING_USER_ACCESS = ['open', 'restricted'] as const;
export type OnboardingUserAccess = (typeof ONBOARDING_USER_ACCESS)[number];

/** Agreements named in the onboarding flow; the files are served by onboarding.agreementFile. */
export const ONBOARDING_AGREEMENTS = ['code_of_conduct', 'database_license', 'addendum'] as const;
export type OnboardingAgreement = (typeof ONBOARDING_AGREEMENTS)[number];

// ---------- parts of the onboarding state ----------

export const OnboardingCompany = z.object({
  name: requiredText(LIMITS.nameMax, 'The company name'),
  address: requiredText(255, 'The address'),
  city: requiredText(LIMITS.cityMax, 'The city'),
  state: optionalText(LIMITS.nameMax, 'The state'),
  zipcode: requiredText(20, 'The postal code'),
  country_id: idField.refine((id) => id > 0, 'The country field is required.'),
  url: optionalText(255, 'The website'),
});
export type OnboardingCompany = z.infer<typeof OnboardingCompany>;

/** Password fields are required only while the applicant has no account (checked by the server). */
export const OnboardingUser = z.object({
  first_name: requiredText(LIMITS.nameMax, 'The first name'),
  last_name: requiredText(LIMITS.nameMax, 'The last name'),
  email: emailField,
  phone: phoneField,
  phone_country_code: optionalText(2, 'The phone country code'),
  password: passwordField.nullish(),
  password_confirmation: z.string().nullish(),
});
export type OnboardingUser = z.infer<typeof OnboardingUser>;

export const OnboardingAgreements = z.object({
  code_of_conduct: z.boolean().default(false),
  database_license: z.boolean().default(false),
  addendum: z.boolean().default(false),
});
export type OnboardingAgreements = z.infer<typeof OnboardingAgreements>;

export const OnboardingPaymentChoice = z.object({
  contract_length: z.enum(CONTRACT_LENGTHS).default('one_year'),
  payment_type: z.enum(PAYMENT_TYPES).default('credit_card'),
});

export const OnboardingDocument = z.object({
  support_hours: requiredText(255, 'The support hours'),
  product_supported: requiredText(LIMITS.summaryMax, 'The products supported'),
  support_email: emailField,
  manager_first_name: requiredText(LIMITS.nameMax, 'The support manager first name'),
  manager_last_name: requiredText(LIMITS.nameMax, 'The support manager last name'),
  manager_email: emailField,
  support_phone: phoneField,
  support_country_code: optionalText(2, 'The support phone country code'),
});
export type OnboardingDocument = z.infer<typeof OnboardingDocument>;

/** What the session remembers (the password only as a hash on the server, never answered). */
export const OnboardingData = z.object({
  company: OnboardingCompany.partial().nullish(),
  user: OnboardingUser.omit({ password: true, password_confirmation: true }).partial().nullish(),
  agreements: OnboardingAgreements.partial().nullish(),
  payment: OnboardingPaymentChoice.partial().nullish(),
  document: OnboardingDocument.partial().nullish(),
});
export type OnboardingData = z.infer<typeof OnboardingData>;

// ---------- answers ----------

export const OnboardingGroup = z.object({
  id: z.number(),
  name: z.string(),
  vhost: z.string(),
  type: z.enum(GROUP_TYPES),
  sponsor_name: z.string().nullable(),
  host_email: z.string().nullable(),
  instructions: z.string().nullable(),
  links: z.array(z.object({ label: z.string(), url: z.string() })),
  banner_url: z.string().nullable(),
  /** Dollars; both 0 means the sponsor pays and no payment step is shown. */
  price: z.number(),
  price_three_years: z.number(),
  free: z.boolean(),
  has_code_of_conduct: z.boolean(),
  has_database_license: z.boolean(),
  has_addendum: z.boolean(),
  force_addendum: z.boolean(),
  /** Stripe publishable key; null shows "NO STRIPE KEY SET" in the card field. */
  stripe_publishable_key: z.string().nullable(),
  /** Where the browser loads Stripe.js from (configurable so tests can serve a stand-in). */
  stripe_js_url: z.string(),
});
export type OnboardingGroup = z.infer<typeof OnboardingGroup>;

export const OnboardingSessionView = z.object({
  token: z.string(),
  step: z.enum(ONBOARDING_STEPS),
  status: z.enum(ONBOARDING_STATUSES),
  save_for_later: z.boolean(),
  /** The applicant's existing company, or null for a new company. */
  company: z.object({ id: z.number(), name: z.string() }).nullable(),
  /** Membership of the existing company; null for a new one. */
  membership_type: z.enum(MEMBERSHIP_TYPES).nullable(),
  /** The applicant already has an account: no password is asked; names only when unknown. */
  user_known: z.boolean(),
  names_known: z.boolean(),
  data: OnboardingData,
  /** Which agreements must be ticked; the others are accepted automatically. */
  agreements_required: z.object({ code_of_conduct: z.boolean(), database_license: z.boolean(), addendum: z.boolean() }),
  payment_required: z.boolean(),
  paid: z.boolean(),
});
export type OnboardingSessionView = z.infer<typeof OnboardingSessionView>;

export const OnboardingStepAnswer = z.object({
  valid: z.boolean(),
  message: z.string().optional(),
  next: z.enum(ONBOARDING_NEXT).optional(),
  session: OnboardingSessionView.optional(),
});
export type OnboardingStepAnswer = z.infer<typeof OnboardingStepAnswer>;

// ---------- bodies ----------

const sessionToken = z
  .string({ error: 'The session token is required.' })
  .trim()
  .min(1, 'The session token is required.')
  .max(64);

export const VerifyEmailBody = z.object({ partner_group_id: idField, email: emailField });

export const ValidateContactBody = z.object({
  session_token: sessionToken,
  company: OnboardingCompany,
  user: OnboardingUser,
  save_for_later: z.boolean().optional(),
});
export type ValidateContactBody = z.infer<typeof ValidateContactBody>;

export const AgreementsBody = z.object({
  session_token: sessionToken,
  agreements: OnboardingAgreements,
  /** Asked when the applicant's names are unknown. */
  first_name: optionalText(LIMITS.nameMax, 'The first name'),
  last_name: optionalText(LIMITS.nameMax, 'The last name'),
  save_for_later: z.boolean().optional(),
});
export type AgreementsBody = z.infer<typeof AgreementsBody>;

export const PaymentBody = z.object({
  session_token: sessionToken,
  name_on_card: requiredText(LIMITS.nameMax, 'The name on card'),
  card_token: requiredText(255, 'The card'),
  contract_length: z.enum(CONTRACT_LENGTHS).default('one_year'),
});
export type PaymentBody = z.infer<typeof PaymentBody>;

export const RegisterBody = z.object({
  session_token: sessionToken,
  document: OnboardingDocument,
  save_for_later: z.boolean().optional(),
});
export type RegisterBody = z.infer<typeof RegisterBody>;

export const RegisterLimitedBody = z.object({ session_token: sessionToken, company_id: idField });

export const RegisterExistingBody = z.object({
  session_token: sessionToken,
  /** 0 = "Create a new one for me". */
  document_id: idField,
  user_access: z.enum(ONBOARDING_USER_ACCESS).default('open'),
  agreements: OnboardingAgreements.optional(),
  first_name: optionalText(LIMITS.nameMax, 'The first name'),
  last_name: optionalText(LIMITS.nameMax, 'The last name'),
});
export type RegisterExistingBody = z.infer<typeof RegisterExistingBody>;

export const SessionTokenQuery = z.object({ session_token: sessionToken });

const vhostPath = 'onboarding/:vhost';

export const onboardingApi = {
  group: endpoint({
    method: 'GET',
    path: `${vhostPath}/group`,
    access: 'public',
    summary: 'The partner group of an onboarding flow (home page, agreements, prices), with countries.',
    response: z.object({ group: OnboardingGroup, countries: z.array(Country) }),
  }),
  verifyEmail: endpoint({
    method: 'POST',
    path: `${vhostPath}/verify_email`,
    access: 'public',
    summary: 'Starts (or resumes) an onboarding session for an e-mail; tells whether the company is new or a member.',
    body: VerifyEmailBody,
    response: z.object({
      valid: z.boolean(),
      session: OnboardingSessionView.nullable(),
      message: z.string().optional(),
      /** The onboarding route to open next (e.g. onboarding.contact). */
      redirect: z.string().nullable(),
    }),
  }),
  validateContact: endpoint({
    method: 'POST',
    path: `${vhostPath}/validate_contact`,
    access: 'public',
    summary: 'Checks and stores the contact step; save_for_later stores it and mails a restore link.',
    body: ValidateContactBody,
    response: OnboardingStepAnswer,
  }),
  agreements: endpoint({
    method: 'POST',
    path: `${vhostPath}/agreements`,
    access: 'public',
    summary: 'Stores the accepted agreements; every required one must be ticked.',
    body: AgreementsBody,
    response: OnboardingStepAnswer,
  }),
  payment: endpoint({
    method: 'POST',
    path: `${vhostPath}/payment`,
    access: 'public',
    summary: 'Charges the card token for the chosen contract length through Stripe.',
    body: PaymentBody,
    response: z.object({ success: z.boolean(), message: z.string(), next: z.enum(ONBOARDING_NEXT) }),
  }),
  register: endpoint({
    method: 'POST',
    path: `${vhostPath}/register`,
    access: 'public',
    summary: 'A new member submits its support process: the session goes to super-admin review.',
    body: RegisterBody,
    response: OnboardingStepAnswer,
  }),
  registerLimited: endpoint({
    method: 'POST',
    path: `${vhostPath}/register/limited`,
    access: 'public',
    summary: 'An existing limited member applies as limited: the session goes to super-admin review.',
    body: RegisterLimitedBody,
    response: OnboardingStepAnswer,
  }),
  registerExisting: endpoint({
    method: 'POST',
    path: `${vhostPath}/register/existing`,
    access: 'public',
    summary: 'An existing member picks one of its processes (or asks for a new one) and the user access.',
    body: RegisterExistingBody,
    response: OnboardingStepAnswer,
  }),
  documents: endpoint({
    method: 'GET',
    path: `${vhostPath}/documents/:companyId`,
    access: 'public',
    summary: "The applicant company's process documents (only for the session's own company).",
    query: SessionTokenQuery,
    response: z.array(z.object({ id: z.number(), name: z.string() })),
  }),
  addendum: endpoint({
    method: 'GET',
    path: `${vhostPath}/addendum`,
    access: 'public',
    summary: "The download link of the group's addendum (null when it has none).",
    response: z.object({ url: z.string().nullable() }),
  }),
  agreementFile: endpoint({
    method: 'GET',
    path: `${vhostPath}/agreement/:kind`,
    access: 'public',
    summary: 'Downloads an agreement of the group: code_of_conduct, database_license or addendum.',
    response: z.unknown(),
    file: true,
  }),
  groupBanner: endpoint({
    method: 'GET',
    path: '/resources/group_banner/:vhost',
    access: 'public',
    summary: "The partner group's banner image (404 when it has none).",
    response: z.unknown(),
    file: true,
  }),
  restore: endpoint({
    method: 'GET',
    path: 'onboarding/restore/:token',
    access: 'public',
    summary: 'Loads a saved onboarding session by its token, to continue at its stored step.',
    response: z.object({
      session: OnboardingSessionView,
      company: z.object({ id: z.number(), name: z.string() }).nullable(),
      group: OnboardingGroup,
      countries: z.array(Country),
    }),
  }),
} as const;
