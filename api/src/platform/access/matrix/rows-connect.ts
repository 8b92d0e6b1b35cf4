import assert from 'node:assert/strict';
import { companyAdmins, open, type MatrixRow } from './matrix-types';
import { isAcme, member } from './rows-member';

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
};
