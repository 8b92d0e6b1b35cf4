import { z } from 'zod';
import { SSO_IDENTITY_SOURCES } from '../../constants/company';
import { LIMITS } from '../../constants/limits';
import { MESSAGES } from '../../messages';
import { endpoint } from '../endpoint';

export const SSO_SETTINGS_SAVED = 'Single sign-on settings saved.';
/** The multipart field of the identity provider's metadata XML. */
export const SSO_IDENTITY_FILE_FIELD = 'sso_identity_file';
/** The entity id must be a URI: shown as a hint, not enforced by the form. */
export const SSO_ENTITY_URL_HINT = 'The entity id must be a URI, for example https://idp.example.com/metadata.';
/** The query parameter of the landing page that carries a refused single sign-on back from the api. */
export const SSO_ERROR_QUERY = 'sso_error';

/** Texts of a refused single sign-on, shown on the company landing page (keyed by the sso_error query value). */
export const SSO_ERRORS = {
  invalid_response: 'The single sign-on response could not be verified. Please try again.',
  not_configured: 'Single sign-on is not set up for this company. Contact your company administrator.',
  replayed: 'This single sign-on response was already used. Please sign in again.',
  unknown_user: 'No account of this company matches your single sign-on identity. Contact your company administrator.',
  no_email: 'Your identity provider did not send an e-mail address. Contact your company administrator.',
  // Refusals of the sign-in rules keep the texts every other way in shows.
  pending_approval: MESSAGES.userPendingApproval,
  inactive: MESSAGES.userInactive,
  company_inactive: MESSAGES.companyInactive,
} as const;
export type SsoErrorCode = keyof typeof SSO_ERRORS;

const URL_MAX = 500;

/** An optional http(s) address; empty reads as none. */
const optionalUrl = (label: string) =>
  z
    .string()
    .trim()
    .max(URL_MAX, `The ${label} may not be greater than ${URL_MAX} characters.`)
    .nullish()
    .transform((value) => (value ? value : null))
    .refine(
      (value) => value === null || (/^https?:\/\/\S+$/i.test(value) && z.url().safeParse(value).success),
      `The ${label} must be a valid http or https address.`,
    );

const optionalRichText = (label: string) =>
  z
    .string()
    .max(LIMITS.textMax, `The ${label} may not be greater than ${LIMITS.textMax} characters.`)
    .nullish()
    .transform((value) => (value && value.trim() ? value : null));

/**
 * The multipart text fields of POST admin/company/sso; the XML file travels as SSO_IDENTITY_FILE_FIELD and is
 * checked by the api (size, SAML metadata with a signing certificate).
 */
export const SsoSettingsBody = z
  .object({
    sso_identity_source: z.enum(SSO_IDENTITY_SOURCES, { error: 'The identity source must be url or file.' }),
    sso_idp_entity_url: optionalUrl('entity url'),
    sso_idp_federation_url: optionalUrl('federation url'),
    sso_idp_logout_url: optionalUrl('logout url'),
    sso_login_section: optionalRichText('login section'),
    sso_registration_section: optionalRichText('register section'),
  })
  .superRefine((value, ctx) => {
    if (value.sso_identity_source === 'url' && !value.sso_idp_entity_url) {
      ctx.addIssue({
        code: 'custom',
        path: ['sso_idp_entity_url'],
        message: 'The entity url field is required when the identity source is url.',
      });
    }
  });
export type SsoSettingsBody = z.input<typeof SsoSettingsBody>;

/** The company's single sign-on settings as the admin page edits them. */
export const SsoSettings = z.object({
  slug: z.string(),
  sso_identity_source: z.enum(SSO_IDENTITY_SOURCES),
  sso_idp_entity_url: z.string().nullable(),
  sso_idp_federation_url: z.string().nullable(),
  sso_idp_logout_url: z.string().nullable(),
  sso_login_section: z.string().nullable(),
  sso_registration_section: z.string().nullable(),
  /** Name of the stored identity provider metadata file, if one was uploaded. */
  sso_identity_file: z.string().nullable(),
  /** Whether a signing certificate of the identity provider is known (sign-ins are verified with it). */
  has_certificate: z.boolean(),
  /** The service-provider metadata address to give to IT (absolute URL of /saml2/{slug}/metadata). */
  metadata_url: z.string(),
});
export type SsoSettings = z.infer<typeof SsoSettings>;

export const adminSsoApi = {
  settings: endpoint({
    method: 'GET',
    path: 'admin/company/sso',
    access: 'company_admin',
    refusesLimitedMembership: true,
    summary: "The company's single sign-on settings (blocked for limited membership)",
    response: z.object({ company: SsoSettings }),
  }),
  save: endpoint({
    method: 'POST',
    path: 'admin/company/sso',
    access: 'company_admin',
    refusesLimitedMembership: true,
    summary: 'Save the single sign-on settings with the identity provider metadata file or URL',
    body: SsoSettingsBody,
    response: z.object({ success: z.boolean(), message: z.string(), company: SsoSettings }),
    multipart: true,
  }),
} as const;

/** The SAML endpoints, served from the site root (/saml2/{slug}/metadata). */
export const samlApi = {
  metadata: endpoint({
    method: 'GET',
    path: '/saml2/:slug/metadata',
    access: 'public',
    summary: 'Service-provider metadata XML of a company with single sign-on',
    response: z.unknown(),
    file: true,
  }),
  login: endpoint({
    method: 'GET',
    path: '/saml2/:slug/login',
    access: 'public',
    summary: 'Redirects to the identity provider with an AuthnRequest (optional redir kept as RelayState)',
    query: z.object({ redir: z.string().max(100).optional() }),
    response: z.unknown(),
  }),
  acs: endpoint({
    method: 'POST',
    path: '/saml2/:slug/acs',
    access: 'public',
    summary: 'Assertion consumer: verifies the SAML response and continues to /auto_login/{token}',
    response: z.unknown(),
  }),
  logout: endpoint({
    method: 'GET',
    path: '/saml2/:slug/logout',
    access: 'public',
    summary: "Continues a sign-out to the identity provider's logout URL, or to the company page",
    response: z.unknown(),
  }),
} as const;
