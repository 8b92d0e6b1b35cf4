import assert from 'node:assert/strict';
import {
  isAcmeAdmin,
  MISSING_ID,
  open,
  outcomes,
  signedIn,
  type ActorName,
  type MatrixRow,
  type World,
} from './matrix-types';
import { managerRequestBody } from './matrix-bodies';

const ACME_MEMBERS: ActorName[] = ['acmeCaller', 'acmeBm', 'acmePm', 'acmeApi'];
export const isAcme = (actor: ActorName) => ACME_MEMBERS.includes(actor);

/** Members of Acme (and the super admin, who reaches every case) get `acme`; everyone else signed in `others`. */
function acmeCase(acme: MatrixRow['expect'][ActorName], others: MatrixRow['expect'][ActorName], admin = acme) {
  return signedIn(others, { acmeCaller: acme, acmeBm: acme, acmePm: acme, acmeApi: acme, superAdmin: admin });
}

/** Members of any company: the super admin and the limited member are told apart where the code does. */
export const member = (outcome: MatrixRow['expect'][ActorName], overrides: Partial<MatrixRow['expect']> = {}) =>
  signedIn(outcome, overrides);

/**
 * A case list holds Acme's case only for Acme's members and the Globex-Umbrella case for nobody (no actor is of
 * Globex or Umbrella); the super admin's lists span every tenant.
 */
function onlyOwnCases(body: unknown, world: World, actor: ActorName) {
  const tokens = (body as { data: { token: string }[] }).data.map((row) => row.token);
  if (actor === 'superAdmin') {
    assert.ok(tokens.includes(world.cases.acmeGlobex) && tokens.includes(world.cases.foreign), 'super admin sees all');
    return;
  }
  assert.ok(!tokens.includes(world.cases.foreign), 'the Globex-Umbrella case is listed');
  if (!isAcme(actor)) assert.ok(!tokens.includes(world.cases.acmeGlobex), 'an Acme case is listed');
}

/** Company admins (of any company, the limited one too) get `outcome`; signed-out callers 401, everyone else 403. */
const companyAdmins = (outcome: MatrixRow['expect'][ActorName]) =>
  outcomes(403, {
    anonymous: 401,
    tokenHolder: 401,
    acmeBm: outcome,
    acmePm: outcome,
    otherBm: outcome,
    otherPm: outcome,
    limited: outcome,
  });

const ENGINEER = { engineer_name: 'Erin Matrix', engineer_email: 'erin@matrix.test' };
const managerRequest = (world: World) => ({ token: world.targets.managerRequestToken });

/** Acme's admins aim at a missing id (404) so the shared webhook survives; the others at Acme's webhook (404). */
const webhookChange: MatrixRow = {
  expect: companyAdmins(404),
  params: (world, actor) => ({ id: isAcmeAdmin(actor) ? MISSING_ID : world.owned.webhook }),
};

export const memberRows: Record<string, MatrixRow> = {
  // ---------- directory and documents ----------
  'GET caller/company_directory': { expect: member('ok') },
  'GET caller/favorites': { expect: member('ok') },
  // Favourites are the user's own rows; any member may mark an active partner (its own company is refused: 422).
  'POST caller/favorites/toggle': {
    expect: member('ok'),
    body: (world) => ({ company_id: world.companies.globex, type: 'company', is_favorite: true }),
  },
  // Partner search and the company note are refused to limited memberships, whatever the role.
  'POST caller/save_search': {
    expect: member('ok', { limited: 403, limitedCaller: 403 }),
    body: () => ({ term: 'storage', location: 'dashboard' }),
  },
  // A result goes on the user's own search only: Acme's caller logged it, anyone else is told it does not exist.
  'POST caller/result_to_search': {
    expect: member(404, { acmeCaller: 'ok', limited: 403, limitedCaller: 403 }),
    body: (world) => ({ member: 'Globex Corporation', search_id: world.targets.acmeCallerSearch }),
  },
  'GET caller/company_note': { expect: member('ok', { superAdmin: 403, limited: 403, limitedCaller: 403 }) },
  // Each manager edits its own company's note; callers, api users, the limited member and the super admin may not.
  'POST caller/company_note': {
    expect: member(403, { acmeBm: 'ok', acmePm: 'ok', otherBm: 'ok', otherPm: 'ok' }),
    body: () => ({ note: '<p>Matrix note</p>' }),
  },
  'GET caller/news': { expect: member('ok') },
  'POST collaborate_invite': {
    expect: member('ok', { superAdmin: 403 }),
    body: (world) => ({ company_id: world.companies.globex, comments: 'Matrix invite' }),
  },
  'POST missing_partner_request': {
    expect: member('ok', { superAdmin: 403 }),
    body: () => ({ company_name: 'Matrix Partner', contact_name: 'Pat Matrix', contact_email: 'pat@matrix.test' }),
  },
  'GET help_hints/:flag': { expect: member(404) },
  'GET caller/companies/:id': { expect: member('ok') },
  'GET caller/documents/:type/:entity_id': {
    expect: member('ok', { superAdmin: 403, limited: 403, limitedCaller: 403 }),
  },
  // Globex's document: a partner of Acme's groups; the unrelated company and the limited member are refused.
  'GET caller/sub_documents/:documentId/:type/:entity_id': {
    expect: acmeCase('ok', 403, 403),
  },
  // A complete submission to Globex's process: Acme (a partner in its group) creates a case, nobody else may.
  'POST caller/collaborate/:documentId': {
    expect: acmeCase('ok', 403, 403),
    params: (world) => ({ documentId: world.targets.collaboration.documentId }),
    body: (world) => world.targets.collaboration.body,
  },
  // Globex's manager process is offered to no group, so by design (docs/decisions.md, "Who may submit to a
  // process") every member may escalate to it, the unrelated company too; limited memberships only through groups.
  'POST manager/request/create': {
    expect: member('ok', { superAdmin: 403, limited: 403, limitedCaller: 403 }),
    body: (world) => managerRequestBody(world.companies.globex, world.targets.managerDocument),
  },
  // A note on Globex's process, stored for the writer's company: only members who may submit to it.
  'POST caller/notes/store': {
    expect: acmeCase('ok', 403, 403),
    body: (world) => ({ document_id: world.documents.globex, note: 'Matrix process note' }),
  },
  // Countries are reference data every signed-in user's form may need.
  'POST caller/db_select_options': { expect: member('ok'), body: () => ({ model: 'country' }) },
  'GET caller/case_exchange/cases': { expect: member('ok') },
  'GET caller/documents/:documentId/files/:id/download': {
    expect: acmeCase('ok', 403, 403),
    params: (world) => ({ documentId: world.targets.globexFile.documentId, id: world.targets.globexFile.id }),
  },
  'GET caller/partner_groups/:community_id/documents/:id/download': {
    expect: acmeCase('ok', 403, 403),
    params: (world) => ({ id: world.targets.groupFile }),
  },
  'GET caller/countries': { expect: member('ok') },

  // ---------- cases: lists hold only the actor's tenant ----------
  'GET caller/get-cases/:scope': { expect: member('ok'), query: () => ({ limit: 100 }), check: onlyOwnCases },
  'GET caller/get-cases/:scope/:days': { expect: member('ok'), query: () => ({ limit: 100 }), check: onlyOwnCases },
  'GET caller/my-cases': {
    expect: member('ok'),
    query: () => ({ limit: 100 }),
    check: (body, world, actor) => onlyOwnCases((body as { my_cases: unknown }).my_cases, world, actor),
  },
  'GET caller/case-details/:token': { expect: acmeCase('ok', 404) },
  // The dashboard's count is of the actor's own company (0 for a super admin, who has none).
  'GET caller/cases/inbound-action-count': { expect: member('ok') },
  // Attention: each signed-in user's own notifications; reading or watching a case follows who may read it.
  'GET caller/notifications': { expect: member('ok') },
  'POST caller/notifications/read-all': { expect: member('ok') },
  'POST caller/cases/:token/read': { expect: acmeCase('ok', 404), body: () => ({ seq: 1 }) },
  'PUT caller/cases/:token/watch': { expect: acmeCase('ok', 404), body: () => ({ watching: true }) },
  // The public token page: whoever holds the link reads it; a wrong token is 404.
  'GET caller/case/:token': { expect: open('ok', { anonymous: 404 }) },
  // The token link is the key: each holder answers a case of its own (answering changes it for good).
  'POST caller/case/:token/respond': {
    expect: open('ok', { anonymous: 404 }),
    params: (world, actor) => ({ token: world.targets.respondCases[actor] }),
    body: () => ({ status: 'accepted', engineer_name: 'Erin Matrix', engineer_email: 'erin@matrix.test' }),
  },
  // The receiving side's engineer: Acme receives this accepted case; the super admin is of neither side.
  'POST caller/case/:token/update-response': {
    expect: acmeCase('ok', 404, 403),
    params: (world) => ({ token: world.targets.acmeReceives }),
    body: () => ENGINEER,
  },
  'POST caller/case/:token/update-submission': { expect: acmeCase('ok', 404, 403), body: () => ENGINEER },
  // Notes need an accepted case; the super admin reads every case but only its two companies write notes.
  'POST caller/case/:token/note': {
    expect: acmeCase('ok', 404, 403),
    params: (world) => ({ token: world.cases.accepted }),
    body: () => ({ summary: 'Matrix note' }),
  },
  // An open case cannot be closed yet (409): proof Acme passed the tenant check without changing the case.
  'POST caller/case/:token/close': { expect: acmeCase(409, 404, 403) },
  'GET caller/case/:token/data/:companyId': { expect: acmeCase('ok', 404) },
  // Owners are each side's own business: the super admin reads every case but is of neither side (403).
  'GET caller/case/:token/assignees': { expect: acmeCase('ok', 404, 403) },
  'POST caller/case/:token/assignee': { expect: acmeCase('ok', 404, 403), body: () => ({ user_id: null }) },
  // Files go on an accepted case: Acme's members attach one; for the others the case does not exist.
  'POST caller/case/:token/attachments': {
    expect: acmeCase('ok', 404, 403),
    params: (world) => ({ token: world.cases.accepted }),
    multipart: () => ({ fields: { description: 'Matrix log' }, files: [{ field: 'files', name: 'matrix.log' }] }),
  },
  'GET caller/case/:token/attachments/:id': {
    expect: acmeCase('ok', 404),
    params: (world) => ({ token: world.cases.accepted }),
  },
  // A manager request's link (Acme → Globex) opens it for whoever holds it; a wrong token is 404.
  'GET manager/request/get/:token': { expect: open('ok', { anonymous: 404 }), params: managerRequest },
  'GET manager/request/response/get/:token': { expect: open('ok', { anonymous: 404 }), params: managerRequest },
  'POST manager/request/response/:token': {
    expect: open('ok', { anonymous: 404 }),
    params: (world, actor) => ({ token: world.targets.managerResponseLinks[actor] }),
    body: () => ({ first_name: 'Gina', last_name: 'Matrix', email: 'gina@matrix.test' }),
  },

  // ---------- webhooks, API tokens, exports: rows of the requester's company or the requester alone ----------
  'GET webhooks': {
    expect: companyAdmins('ok'),
    check: (body, world, actor) => {
      const ids = (body as { endpoints: { id: number }[] }).endpoints.map((row) => row.id);
      assert.equal(ids.includes(world.owned.webhook), isAcmeAdmin(actor), 'Acme webhook listed iff Acme admin');
    },
  },
  // A webhook belongs to the creator's company (GET webhooks above shows each company only its own).
  'POST webhooks': {
    expect: companyAdmins('ok'),
    body: (_world, actor) => ({ url: `https://hooks.${actor.toLowerCase()}.test/matrix` }),
  },
  'POST webhooks/:id/rotate': webhookChange,
  'POST webhooks/:id/delete': webhookChange,
  // Turning on: Acme's admins enable Acme's webhook (already on: it stays on); others find no webhook.
  'POST webhooks/:id/enable': {
    expect: { ...companyAdmins(404), acmeBm: 'ok', acmePm: 'ok' },
    params: (world) => ({ id: world.owned.webhook }),
  },
  // Redelivery: Acme's admins send Acme's webhook's failed deliveries again (none: 0); others find no webhook.
  'POST webhooks/:id/deliveries/:deliveryId/redeliver': webhookChange,
  'POST webhooks/:id/redeliver-failed': {
    expect: { ...companyAdmins(404), acmeBm: 'ok', acmePm: 'ok' },
    params: (world) => ({ id: world.owned.webhook }),
    body: () => ({ since: '2026-01-01T00:00:00Z' }),
  },
  'GET api-tokens': {
    expect: member('ok', { acmeCaller: 403, otherCaller: 403, limitedCaller: 403, superAdmin: 403 }),
    check: (body, world, actor) => {
      const ids = (body as { tokens: { id: number }[] }).tokens.map((row) => row.id);
      assert.equal(ids.includes(world.owned.apiToken), isAcme(actor), 'Acme API token listed iff Acme member');
    },
  },
  // A token for Acme's api user: Acme's managers and that user itself may; another company's managers get the
  // same 422 as for an unsuitable user of their own (by design nothing tells them the user exists).
  'POST api-tokens': {
    expect: member(403, { acmeBm: 'ok', acmePm: 'ok', acmeApi: 'ok', otherBm: 422, otherPm: 422, limited: 422 }),
    body: (world) => ({ name: 'matrix', user_id: world.users['api@acme.test'] }),
  },
  'POST api-tokens/:id/revoke': {
    expect: member(404, { acmeCaller: 403, otherCaller: 403, limitedCaller: 403, superAdmin: 403 }),
    params: (world, actor) => ({ id: isAcme(actor) ? MISSING_ID : world.owned.apiToken }),
  },
  // The audit export of a case: only members of its companies may ask for it.
  'POST exports': {
    expect: acmeCase('ok', 404),
    body: (world) => ({ kind: 'case_audit', params: { token: world.cases.acmeGlobex } }),
  },
  // An export belongs to the user who asked for it (Acme's business manager), nobody else.
  'GET exports/:id': { expect: member(404, { acmeBm: 'ok' }) },
  'GET exports/:id/download': { expect: member(404, { acmeBm: 409 }) },
  'POST exports/:id/link': { expect: member(404, { acmeBm: 409 }) },
  // The link carries its own right: a signature anyone may present, refused to everyone once it is not the api's.
  'GET exports/:id/file': { expect: open(403), query: () => ({ expires: 4102444800, signature: 'forged' }) },
  // The usage report covers the caller's own company only (every member, limited too); no company, no report.
  'GET admin/company/reports/usage': { expect: member('ok', { superAdmin: 403 }) },
  'GET admin/company/reports/usage/export': { expect: member('ok', { superAdmin: 403 }) },
};
