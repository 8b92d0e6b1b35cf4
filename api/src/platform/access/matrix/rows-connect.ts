import assert from 'node:assert/strict';
import {
  companyAdmins,
  isAcmeAdmin,
  MISSING_ID,
  open,
  signedIn,
  type ActorName,
  type MatrixRow,
  type Outcome,
  type World,
} from './matrix-types';
import { isAcme, member } from './rows-member';

/** Who manages webhooks through v1: company admins and API users (an OAuth client acts as one); others 403. */
function webhookManagers(outcome: MatrixRow['expect'][ActorName]): MatrixRow['expect'] {
  return { ...companyAdmins(outcome, outcome), acmeApi: outcome, otherApi: outcome };
}
const isAcmeManager = (actor: ActorName) => isAcmeAdmin(actor) || actor === 'acmeApi';
/** Acme's managers aim at a missing id (the shared webhook survives); the others at Acme's webhook: 404 both. */
const connectWebhookChange: MatrixRow = {
  expect: webhookManagers(404),
  params: (world, actor) => ({ id: isAcmeManager(actor) ? MISSING_ID : world.owned.webhook, deliveryId: MISSING_ID }),
};

/** A case of Acme through v1: Acme's members get `acme`, other members 404, the super admin (no company) 403. */
const acmeCaseV1 = (acme: Outcome) =>
  signedIn(404, { acmeCaller: acme, acmeBm: acme, acmePm: acme, acmeApi: acme, superAdmin: 403 });

const ENGINEER = { engineer_name: 'Erin Matrix', engineer_email: 'erin@matrix.test' };

interface CaseParties {
  token: string;
  submitter: { company_id: number };
  receiver: { company_id: number };
}

/** The matrix's valid submission to Globex's form (the web form's body) as the integration API takes it. */
function connectSubmission(world: World) {
  const { documentId, body } = world.targets.collaboration;
  return {
    document_id: documentId,
    internal_case_number: body.internal_case_number,
    problem_summary: body.problem_summary,
    problem_description: body.problem_description,
    engineer: {
      first_name: body.first_name,
      last_name: body.last_name,
      email: body.email,
      phone: body.phone_number,
      phone_country_code: body.phone_country_code,
    },
    custom_fields: Object.entries(body)
      .filter(([key]) => key.startsWith('custom_'))
      .map(([key, value]) => ({ field_id: Number(key.slice('custom_'.length)), value })),
  };
}

/** The company an actor is a member of (none for the super admin and the signed-out). */
function companyOfActor(world: World, actor: ActorName): number | null {
  if (isAcme(actor)) return world.companies.acme;
  if (actor.startsWith('other')) return world.companies.other;
  if (actor.startsWith('limited')) return world.companies.initech;
  return null;
}

/** The integration API (/api/v1): the caller's company only, never another tenant's; no company, no feed. */
export const connectRows: Record<string, MatrixRow> = {
  // OAuth clients: managed by company admins (an Acme admin sees only Acme's); the token endpoint is public and
  // answers an unknown client 401 to everyone.
  'GET oauth-clients': { expect: companyAdmins('ok', 'ok') },
  'POST oauth-clients': {
    expect: companyAdmins('ok', 422),
    body: (world) => ({ name: 'matrix', user_id: world.users['api@acme.test'], scopes: ['cases:read'] }),
  },
  'POST oauth-clients/:id/rotate': { expect: companyAdmins(404, 404) },
  'POST oauth-clients/:id/revoke': { expect: companyAdmins(404, 404) },
  'POST v1/oauth/token': {
    expect: open(401),
    body: () => ({ grant_type: 'client_credentials', client_id: 'cbc_unknown', client_secret: 'cbs_wrong' }),
  },
  'GET v1/me': {
    expect: member('ok'),
    check: (body, world, actor) => {
      const company = (body as { company: { id: number } | null }).company;
      if (isAcme(actor)) assert.equal(company?.id, world.companies.acme, "Acme's member is of Acme");
      if (actor === 'superAdmin') assert.equal(company, null, 'the super admin has no company');
    },
  },
  // The directory searched: every member (a limited one too) sees the network, never its own company.
  'GET v1/partners': {
    expect: member('ok', { superAdmin: 'ok' }),
    check: (body, world, actor) => {
      const companies = (body as { data: { company_id: number }[] }).data.map((entry) => entry.company_id);
      if (isAcme(actor)) assert.ok(!companies.includes(world.companies.acme), "Acme's own company is listed");
    },
  },
  // The change feed of the caller's company: its own cases only, never another tenant's; no company, no feed.
  'GET v1/events': {
    expect: member('ok', { superAdmin: 403 }),
    query: () => ({ limit: 500 }),
    check: (body, world, actor) => {
      const tokens = new Set((body as { data: { case_token: string }[] }).data.map((event) => event.case_token));
      assert.ok(!tokens.has(world.cases.foreign), 'an entry of the Globex-Umbrella case is in the feed');
      if (!isAcme(actor)) assert.ok(!tokens.has(world.cases.acmeGlobex), 'an entry of an Acme case is in the feed');
      if (isAcme(actor)) assert.ok(tokens.size > 0, "Acme's feed is empty");
    },
  },
  // Cases through v1: the caller's company's only; another company's case is 404 (never 403), no company is 403.
  'GET v1/collaboration-requests': {
    expect: member('ok', { superAdmin: 403 }),
    query: () => ({ limit: 100 }),
    check: (body, world, actor) => {
      const cases = (body as { data: CaseParties[] }).data;
      const own = companyOfActor(world, actor);
      const strangers = cases.filter((kase) => kase.submitter.company_id !== own && kase.receiver.company_id !== own);
      assert.deepEqual(
        strangers.map((kase) => kase.token),
        [],
        "a case of neither side of the actor's company",
      );
      if (isAcme(actor)) assert.ok(cases.length > 0, "Acme's list is empty");
    },
  },
  'GET v1/collaboration-requests/:token': {
    expect: acmeCaseV1('ok'),
    check: (body, world) => assert.equal((body as { token: string }).token, world.cases.acmeGlobex),
  },
  // The receiver's answers, by Acme on the accepted case it received: 409 (already accepted) shows Acme passed the
  // tenant and side checks without changing the case.
  'POST v1/collaboration-requests/:token/approval': {
    expect: acmeCaseV1(409),
    params: (world) => ({ token: world.targets.acmeReceives }),
    body: () => ENGINEER,
  },
  'POST v1/collaboration-requests/:token/rejection': {
    expect: acmeCaseV1(409),
    params: (world) => ({ token: world.targets.acmeReceives }),
    body: () => ({ ...ENGINEER, reason: 'Matrix reason' }),
  },
  'POST v1/collaboration-requests/:token/information-request': {
    expect: acmeCaseV1(409),
    params: (world) => ({ token: world.targets.acmeReceives }),
    body: () => ({ ...ENGINEER, requested_information: 'Matrix question' }),
  },
  // The submitter's, by Acme on its open case: nothing was asked (409), and an open case cannot be closed (409).
  'POST v1/collaboration-requests/:token/information-response': {
    expect: acmeCaseV1(409),
    body: () => ({ requested_information: 'Matrix answer' }),
  },
  'POST v1/collaboration-requests/:token/closure': { expect: acmeCaseV1(409) },
  'GET v1/collaboration-requests/:token/notes': {
    expect: acmeCaseV1('ok'),
    params: (world) => ({ token: world.cases.accepted }),
  },
  'POST v1/collaboration-requests/:token/notes': {
    expect: acmeCaseV1('ok'),
    params: (world) => ({ token: world.cases.accepted }),
    body: () => ({ summary: 'Matrix note through v1' }),
  },
  // Files of the accepted case: Acme's members list, add and download them; for the others the case does not exist.
  'GET v1/collaboration-requests/:token/attachments': {
    expect: acmeCaseV1('ok'),
    params: (world) => ({ token: world.cases.accepted }),
    check: (body, world) => {
      const ids = (body as { data: { id: number }[] }).data.map((file) => file.id);
      assert.ok(ids.includes(world.owned.attachment), "the case's file is not listed");
    },
  },
  'POST v1/collaboration-requests/:token/attachments': {
    expect: acmeCaseV1('ok'),
    params: (world) => ({ token: world.cases.accepted }),
    multipart: () => ({ fields: { description: 'Matrix log v1' }, files: [{ field: 'files', name: 'matrix.log' }] }),
  },
  'GET v1/collaboration-requests/:token/attachments/:id/content': {
    expect: acmeCaseV1('ok'),
    params: (world) => ({ token: world.cases.accepted }),
  },
  // Globex's form, open to Acme through its group: a form closed to the caller is 404 (never 403), as a case is.
  'GET v1/documents/:id': {
    expect: acmeCaseV1('ok'),
    check: (body, world) => assert.equal((body as { id: number }).id, world.targets.collaboration.documentId),
  },
  // A complete submission to that form: each of Acme's members opens a case (201), nobody else reaches the form.
  'POST v1/collaboration-requests': { expect: acmeCaseV1('ok'), body: connectSubmission },
  // Acme submitted the case: its members set the submitter's engineer, as the case page's update-submission does.
  'PUT v1/collaboration-requests/:token/engineer': { expect: acmeCaseV1('ok'), body: () => ENGINEER },
  // Webhooks through v1: each company sees only its own; the changes aim where they cannot touch the shared one.
  'GET v1/webhooks': {
    expect: webhookManagers('ok'),
    check: (body, world, actor) => {
      const ids = (body as { endpoints: { id: number }[] }).endpoints.map((row) => row.id);
      assert.equal(ids.includes(world.owned.webhook), isAcmeManager(actor), 'Acme webhook listed iff Acme manager');
    },
  },
  'POST v1/webhooks': {
    expect: webhookManagers('ok'),
    body: (_world, actor) => ({ url: `https://hooks.${actor.toLowerCase()}.test/connect-matrix` }),
  },
  'POST v1/webhooks/:id/rotate': connectWebhookChange,
  'DELETE v1/webhooks/:id': connectWebhookChange,
  // Turning on: Acme's managers enable Acme's webhook (already on: it stays on); others find no webhook.
  'POST v1/webhooks/:id/enable': {
    expect: { ...webhookManagers(404), acmeBm: 'ok', acmePm: 'ok', acmeApi: 'ok' },
    params: (world) => ({ id: world.owned.webhook }),
  },
  'GET v1/webhooks/:id/deliveries': connectWebhookChange,
  'POST v1/webhooks/:id/deliveries/:deliveryId/redeliver': connectWebhookChange,
  'POST v1/webhooks/:id/redeliver-failed': { ...connectWebhookChange, body: () => ({ since: '2026-01-01T00:00:00Z' }) },
};
