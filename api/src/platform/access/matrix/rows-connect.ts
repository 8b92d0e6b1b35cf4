import assert from 'node:assert/strict';
import type { MatrixRow } from './matrix-types';
import { isAcme, member } from './rows-member';

/** The integration API (/api/v1): the caller's company only, never another tenant's; no company, no feed. */
export const connectRows: Record<string, MatrixRow> = {
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
