import { CASE_SORT_COLUMNS, CaseListQuery, type Role } from '@casebridge/contracts';
import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Company, User } from '@casebridge/db';
import { bearer, startApi, type ApiHarness } from '../../../test/kit/api-harness';
import {
  aCase,
  aCompany,
  aDepartment,
  aProcess,
  aSuperAdmin,
  aUser,
  signedIn,
  uniqueName,
} from '../../../test/kit/factories';
import { oracleCaseList, type ComparedRow } from '../../test/case-list-oracle';
import type { Actor } from '../platform/access/actor';
import { COUNT_EXACT_UP_TO } from '../platform/common/page-totals';
import type { CaseListRequest } from './case-list.sql';
import { CaseListService } from './case-list.service';

const BULK_CASES = 1_200;

/**
 * The case lists read page-first (each side of a company in index order, merged) with a bounded count. Compared
 * with the full-scan reference for every scope, filter, sort, direction and a range of pages, on factory companies:
 * ours and a partner with 1,200 cases between them (both directions, ties in updated_at, answered ones, deleted and
 * sample ones), so both lists pass the exact-count bound, beside a few cases driven through the api (to a
 * department, waiting for information, accepted) and a limited company with one case. The super admin's lists also
 * run over whatever else the database holds.
 */
describe('case lists page-first answer the rows the full scan answered', () => {
  let api: ApiHarness;
  let em: EntityManager;
  const actors: Record<string, Actor> = {};
  let ours: Company;
  let partner: Company;
  let limited: Company;
  let users: Record<'caller' | 'bm' | 'partnerCaller' | 'limitedBm' | 'superAdmin', User>;

  const list = (actor: Actor, request: CaseListRequest, query: Record<string, unknown>) =>
    api.app.get(CaseListService).list(actor, request, CaseListQuery.parse(query));

  // Boots the app and shapes its data: more than a test's work, so the hook has a bound of its own.
  beforeAll(async () => {
    api = await startApi();
    em = api.app.get(MikroORM).em.fork() as EntityManager;
    ours = await aCompany(api);
    // Found by the partner search below ('glob').
    partner = await aCompany(api, { name: `Globular ${uniqueName('partner')}` });
    limited = await aCompany(api, { membershipType: 'limited' });
    users = {
      caller: await aUser(api, { company: ours, role: 'caller' }),
      bm: await aUser(api, { company: ours, role: 'business_manager' }),
      partnerCaller: await aUser(api, { company: partner, role: 'caller' }),
      limitedBm: await aUser(api, { company: limited, role: 'business_manager' }),
      superAdmin: await aSuperAdmin(api),
    };
    const department = await aDepartment(api, partner);
    const partnerProcess = await aProcess(api, { company: partner, departments: [department] });
    const ourProcess = await aProcess(api, { company: ours });
    await aCase(api, { from: users.caller, to: partnerProcess, department, status: 'information' });
    await aCase(api, { from: users.partnerCaller, to: ourProcess, status: 'accepted' });
    await aCase(api, { from: users.caller, to: await aProcess(api, { company: limited }), status: 'closed' });
    const version = partnerProcess.currentVersion!;
    await em.execute(
      `insert into cases (token, internal_case_number, submitter_company_id, submitter_user_id, receiver_company_id,
          document_id, document_version_id, status, priority, summary, description, engineer_first_name,
          engineer_last_name, engineer_email, response_due_at, sla_paused_at, created_at, updated_at, deleted_at,
          is_sample, turn)
        select 'bulk-' || g, 'BULK-' || lpad(g::text, 5, '0'),
          case when g % 2 = 0 then ?::int else ?::int end,
          case when g % 2 = 0 and g % 3 = 0 then ?::int end,
          case when g % 2 = 0 then ?::int else ?::int end,
          ?::int, ?::int,
          (array['open','accepted','information','rejected','closed'])[1 + g % 5],
          (array['low','medium','high'])[1 + g % 3],
          'Bulk case ' || g || case when g % 7 = 0 then ' controller' else '' end, 'x', 'Ann', 'Lee', 'ann@engineer.test',
          now() + (g % 11 - 5) * interval '1 hour', case when g % 13 = 0 then now() end,
          now() - (g % 61) * interval '1 day', now() - (g % 50) * interval '1 hour',
          case when g % 97 = 0 then now() end, g % 89 = 0,
          -- Whose move the status leaves: open is the receiver's, an unanswered information request the submitter's.
          case g % 5 when 0 then 'receiver' when 2 then 'submitter' end
        from generate_series(1, ?) g`,
      [
        ours.id,
        partner.id,
        users.caller.id,
        partner.id,
        ours.id,
        partnerProcess.id,
        typeof version === 'object' ? version.id : Number(version),
        BULK_CASES,
      ],
    );
    await em.execute(
      `insert into case_responses (case_id, type, created_at)
        select id, 'approval', created_at + (id % 5) * interval '1 hour' from cases
        where token like 'bulk-%' and id % 4 = 0`,
    );
    await em.execute('analyze cases');
    for (const [name, user] of Object.entries(users)) {
      actors[name] = {
        userId: user.id,
        role: user.role as Role,
        companyId: user.company?.id ?? null,
        membershipType: null,
        sessionId: 'comparison',
        impersonatorId: null,
      };
    }
  }, 120_000);
  afterAll(() => api.close());

  const REQUESTS: [string, CaseListRequest, Record<string, unknown>][] = [
    ['company', { scope: 'company', recent: false, defaultSort: 'updated_at' }, {}],
    ['company, 30 days, open', { scope: 'company', recent: true, defaultSort: 'updated_at' }, { not_closed: 'true' }],
    ['mine', { scope: 'mine', recent: false, defaultSort: 'updated_at' }, {}],
    ['mine, 30 days', { scope: 'mine', recent: true, defaultSort: 'updated_at' }, {}],
    ['my cases', { scope: 'my-cases', recent: false, defaultSort: 'created_at' }, {}],
    ['inbound action', { scope: 'company', recent: false, defaultSort: 'updated_at' }, { filter: 'inbound-action' }],
    ['searched', { scope: 'company', recent: false, defaultSort: 'updated_at' }, { q: 'controller' }],
    ['searched by partner', { scope: 'my-cases', recent: false, defaultSort: 'created_at' }, { q: 'glob' }],
  ];

  async function compare(actor: Actor, request: CaseListRequest, query: Record<string, unknown>): Promise<void> {
    const parsed = CaseListQuery.parse(query);
    const expected = await oracleCaseList(em, actor, request, parsed);
    const actual = await list(actor, request, query);
    const rows: ComparedRow[] = actual.data.map((row) => [
      row.id,
      row.direction,
      row.partner.name,
      row.respond_date,
      row.updated_at,
    ]);
    const label = JSON.stringify([actor.userId, request, query]);
    expect([label, rows]).toEqual([label, expected.rows]);
    if (expected.total <= COUNT_EXACT_UP_TO) {
      expect([label, actual.total, actual.total_estimated]).toEqual([label, expected.total, undefined]);
    } else {
      expect([label, actual.total_estimated, actual.total > COUNT_EXACT_UP_TO]).toEqual([label, true, true]);
    }
  }

  it('every scope and filter, every sort in both directions, first pages', async () => {
    for (const actor of Object.values(actors)) {
      for (const [, request, base] of REQUESTS) {
        for (const sort of CASE_SORT_COLUMNS) {
          for (const dir of ['asc', 'desc']) {
            for (const page of [1, 3]) await compare(actor, request, { ...base, sort, dir, page, limit: 7 });
          }
        }
      }
    }
  });

  it('deep pages and the pages past the end, in the default order', async () => {
    const caller = actors.caller;
    for (const [, request, base] of REQUESTS) {
      for (const page of [1, 2, 20, 60, 61, 130]) await compare(caller, request, { ...base, page, limit: 10 });
      await compare(caller, request, { ...base, page: 5, limit: 100 });
    }
  });

  it('a total past the exact-count bound is an estimate, flagged; below it stays exact and unflagged', async () => {
    const [ourCaller, limitedBm] = await Promise.all([signedIn(api, users.caller), signedIn(api, users.limitedBm)]);
    const big = await api.http().get('/api/caller/get-cases/company').set(bearer(ourCaller)).expect(200);
    expect(big.body.total_estimated).toBe(true);
    expect(big.body.total).toBeGreaterThan(COUNT_EXACT_UP_TO);
    expect(big.body.data).toHaveLength(10);
    const small = await api.http().get('/api/caller/get-cases/company').set(bearer(limitedBm)).expect(200);
    expect(small.body).not.toHaveProperty('total_estimated');
    // The limited company's one case, received from our caller.
    expect(small.body.total).toBe(1);
  });
});
