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

const ACME_MEMBERS: ActorName[] = ['acmeCaller', 'acmeBm', 'acmePm', 'acmeApi'];
const isAcme = (actor: ActorName) => ACME_MEMBERS.includes(actor);

/** Members of Acme (and the super admin, who reaches every case) get `acme`; everyone else signed in `others`. */
function acmeCase(acme: MatrixRow['expect'][ActorName], others: MatrixRow['expect'][ActorName], admin = acme) {
  return signedIn(others, { acmeCaller: acme, acmeBm: acme, acmePm: acme, acmeApi: acme, superAdmin: admin });
}

/** Members of any company: the super admin and the limited member are told apart where the code does. */
const member = (outcome: MatrixRow['expect'][ActorName], overrides: Partial<MatrixRow['expect']> = {}) =>
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

export const memberRows: Record<string, MatrixRow> = {
  // ---------- directory and documents ----------
  'GET caller/company_directory': { expect: member('ok') },
  'GET caller/favorites': { expect: member('ok') },
  'POST caller/favorites/toggle': { expect: member(422) },
  'POST caller/save_search': { expect: member(422) },
  'POST caller/result_to_search': { expect: member(422) },
  'GET caller/company_note': { expect: member('ok', { superAdmin: 403, limited: 403 }) },
  'POST caller/company_note': { expect: member(422) },
  'GET caller/news': { expect: member('ok') },
  'POST collaborate_invite': { expect: member(422) },
  'POST missing_partner_request': { expect: member(422) },
  'GET help_hints/:flag': { expect: member(404) },
  'GET caller/companies/:id': { expect: member('ok') },
  'GET caller/documents/:type/:entity_id': { expect: member('ok', { superAdmin: 403, limited: 403 }) },
  // Globex's document: a partner of Acme's groups; the unrelated company and the limited member are refused.
  'GET caller/sub_documents/:documentId/:type/:entity_id': {
    expect: acmeCase('ok', 403, 403),
  },
  'POST caller/collaborate/:documentId': { expect: acmeCase(422, 403, 403) },
  'POST manager/request/create': { expect: member(422) },
  'POST caller/notes/store': { expect: member(422) },
  'POST caller/db_select_options': { expect: member(422) },
  'GET caller/case_exchange/cases': { expect: member('ok') },
  'GET caller/documents/:documentId/files/:id/download': { expect: acmeCase(422, 403, 403) },
  'GET caller/partner_groups/:community_id/documents/:id/download': { expect: acmeCase(422, 403, 403) },
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
  // The public token page: whoever holds the link reads it; a wrong token is 404.
  'GET caller/case/:token': { expect: open('ok', { anonymous: 404 }) },
  'POST caller/case/:token/respond': { expect: open(422) },
  'POST caller/case/:token/update-response': { expect: member(422) },
  'POST caller/case/:token/update-submission': { expect: member(422) },
  // Notes need an accepted case; the super admin reads every case but only its two companies write notes.
  'POST caller/case/:token/note': {
    expect: acmeCase('ok', 404, 403),
    params: (world) => ({ token: world.cases.accepted }),
    body: () => ({ summary: 'Matrix note' }),
  },
  // An open case cannot be closed yet (409): proof Acme passed the tenant check without changing the case.
  'POST caller/case/:token/close': { expect: acmeCase(409, 404, 403) },
  'GET caller/case/:token/data/:companyId': { expect: acmeCase('ok', 404) },
  // Files need an accepted case: with no file Acme gets 422 (past the tenant check), the others 404.
  'POST caller/case/:token/attachments': {
    expect: acmeCase(422, 404, 403),
    params: (world) => ({ token: world.cases.accepted }),
  },
  'GET caller/case/:token/attachments/:id': {
    expect: acmeCase('ok', 404),
    params: (world) => ({ token: world.cases.accepted }),
  },
  'GET manager/request/get/:token': { expect: open(404) },
  'GET manager/request/response/get/:token': { expect: open(404) },
  'POST manager/request/response/:token': { expect: open(422) },

  // ---------- webhooks, API tokens, exports: rows of the requester's company or the requester alone ----------
  'GET webhooks': {
    expect: outcomes(403, {
      anonymous: 401,
      tokenHolder: 401,
      acmeBm: 'ok',
      acmePm: 'ok',
      otherBm: 'ok',
      otherPm: 'ok',
      limited: 'ok',
    }),
    check: (body, world, actor) => {
      const ids = (body as { endpoints: { id: number }[] }).endpoints.map((row) => row.id);
      assert.equal(ids.includes(world.owned.webhook), isAcmeAdmin(actor), 'Acme webhook listed iff Acme admin');
    },
  },
  'POST webhooks': {
    expect: outcomes(403, {
      anonymous: 401,
      tokenHolder: 401,
      acmeBm: 422,
      acmePm: 422,
      otherBm: 422,
      otherPm: 422,
      limited: 422,
    }),
  },
  // Acme's admins aim at a missing id (404) so the shared webhook survives; the others at Acme's webhook (404).
  'POST webhooks/:id/rotate': {
    expect: outcomes(403, {
      anonymous: 401,
      tokenHolder: 401,
      acmeBm: 404,
      acmePm: 404,
      otherBm: 404,
      otherPm: 404,
      limited: 404,
    }),
    params: (world, actor) => ({ id: isAcmeAdmin(actor) ? MISSING_ID : world.owned.webhook }),
  },
  'POST webhooks/:id/delete': {
    expect: outcomes(403, {
      anonymous: 401,
      tokenHolder: 401,
      acmeBm: 404,
      acmePm: 404,
      otherBm: 404,
      otherPm: 404,
      limited: 404,
    }),
    params: (world, actor) => ({ id: isAcmeAdmin(actor) ? MISSING_ID : world.owned.webhook }),
  },
  'GET api-tokens': {
    expect: member('ok', { acmeCaller: 403, otherCaller: 403, superAdmin: 403 }),
    check: (body, world, actor) => {
      const ids = (body as { tokens: { id: number }[] }).tokens.map((row) => row.id);
      assert.equal(ids.includes(world.owned.apiToken), isAcme(actor), 'Acme API token listed iff Acme member');
    },
  },
  'POST api-tokens': { expect: member(422) },
  'POST api-tokens/:id/revoke': {
    expect: member(404, { acmeCaller: 403, otherCaller: 403, superAdmin: 403 }),
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
  // The usage report covers the caller's own company only (every member, limited too); no company, no report.
  'GET admin/company/reports/usage': { expect: member('ok', { superAdmin: 403 }) },
  'GET admin/company/reports/usage/export': { expect: member('ok', { superAdmin: 403 }) },
};
