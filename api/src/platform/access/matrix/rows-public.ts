import { open, signedIn, superAdminOnly, type MatrixRow } from './matrix-types';

/**
 * Public calls (sign-in, registration, onboarding, SAML, token links) and the signed-in account calls.
 * Public calls answer the same to everyone. Where the matrix keeps an empty body (422), a valid call cannot be made
 * once per actor or is not an access question: forgot_password is limited to 5 per address (the sixth actor
 * would get 429), reset, verify, auto-login and onboarding need a mailed one-time token or a whole sign-up (their own
 * suites cover them), and a password change ends the actor's other sessions, which every later row uses.
 */
export const publicRows: Record<string, MatrixRow> = {
  'GET health': { expect: open('ok') },
  // Probes for orchestrators and load balancers: no session, no data beyond which dependency answers.
  'GET health/live': { expect: open('ok') },
  'GET health/ready': { expect: open('ok') },
  'GET v1/openapi.json': { expect: open('ok') },
  // Signing in is open to anyone with the password, whatever session the caller already holds.
  'POST auth/login': { expect: open('ok'), body: (world) => world.targets.signIn },
  'GET auth/me': { expect: signedIn('ok') },
  // Refresh rotates the session, so every actor refreshes a session of its own.
  'POST auth/refresh': { expect: signedIn('ok'), freshSession: true },
  'POST auth/logout': { expect: signedIn('ok'), freshSession: true },
  'POST auth/forgot_password': { expect: open(422) },
  'POST auth/reset_password': { expect: open(422) },
  'GET auth/verify/:token': { expect: open('ok') },
  'POST auth/verify_account': { expect: open(422) },
  'GET auth/super_admin/login_as_user/:id': { expect: superAdminOnly('ok') },
  'GET auth/middleware': { expect: open('ok') },
  'POST users/approval/:token/:action': { expect: open(404) },
  'GET users/profile_form_data': { expect: signedIn('ok') },
  // Each actor saves its own profile, e-mail unchanged (a different e-mail would end its later sign-ins).
  'POST users/profile': {
    expect: signedIn('ok'),
    body: (world, actor) => ({ first_name: 'Matrix', last_name: actor, email: world.targets.emails[actor] }),
  },
  'POST users/agreement': { expect: signedIn('ok'), body: () => ({ agree_confirm: true }) },
  'POST users/password': { expect: signedIn(422) },
  // Everyone signed in has their own mail preferences; each actor saves its own (one kind into the digest).
  'GET users/mail-preferences': { expect: signedIn('ok') },
  'PUT users/mail-preferences': { expect: signedIn('ok'), body: () => ({ preferences: { notes: 'digest' } }) },
  // The link mailed to a new address: anyone holding it may open it; a made-up token changes nothing (422).
  'POST users/email/confirm': { expect: open(422), body: () => ({ token: 'not-a-mailed-link' }) },
  'GET caller/landing/:slug': { expect: open('ok') },
  'POST caller/landing_page': { expect: open(422) },
  'POST caller/link': { expect: open(422) },
  'POST caller/register/:slug': { expect: open(422) },
  'POST caller/auto_login': { expect: open(422) },
  'GET /resources/company_logo/:slug': { expect: open('ok') },
  'GET /saml2/:slug/metadata': { expect: open(404) },
  'GET /saml2/:slug/login': { expect: open(302) },
  'POST /saml2/:slug/acs': { expect: open(303) },
  'GET /saml2/:slug/logout': { expect: open(302) },
  'GET onboarding/:vhost/group': { expect: open('ok') },
  'POST onboarding/:vhost/verify_email': { expect: open(422) },
  'POST onboarding/:vhost/validate_contact': { expect: open(422) },
  'POST onboarding/:vhost/agreements': { expect: open(422) },
  'POST onboarding/:vhost/payment': { expect: open(422) },
  'POST onboarding/:vhost/register': { expect: open(422) },
  'POST onboarding/:vhost/register/limited': { expect: open(422) },
  'POST onboarding/:vhost/register/existing': { expect: open(422) },
  'GET onboarding/:vhost/documents/:companyId': { expect: open(422) },
  'GET onboarding/:vhost/addendum': { expect: open('ok') },
  'GET onboarding/:vhost/agreement/:kind': { expect: open(404) },
  'GET /resources/group_banner/:vhost': { expect: open('ok') },
  'GET onboarding/restore/:token': { expect: open(404) },
  'POST msteams/connected/:token': { expect: open(404) },
};
