import { CASE_SORT_COLUMNS, CaseListQuery, type Role } from '@casebridge/contracts';
import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { bearer, startApi, type ApiHarness } from '../../test/api-harness';
import { oracleCaseList, type ComparedRow } from '../../test/case-list-oracle';
import type { Actor } from '../access/actor';
import { COUNT_EXACT_UP_TO } from '../common/page-totals';
import type { CaseListRequest } from './case-list.sql';
import { CaseListService } from './case-list.service';

const BULK_CASES = 1_200;

/**
 * The case lists read page-first (each side of a company in index order, merged) with a bounded count. Compared
 * with the full-scan reference for every scope, filter, sort, direction and a range of pages, on the demo network
 * plus 1,200 cases between Acme and Globex (both directions, ties in updated_at, answered ones, deleted and sample
 * ones), so Acme's and Globex's lists pass the exact-count bound.
 */
describe('case lists page-first answer the rows the full scan answered', () => {
  let api: ApiHarness;
  let em: EntityManager;
  const actors: Record<string, Actor> = {};

  const list = (actor: Actor, request: CaseListRequest, query: Record<string, unknown>) =>
    api.app.get(CaseListService).list(actor, request, CaseListQuery.parse(query));

  // Boots the app and shapes its data; a first run also compiles it, which takes longer on a busy machine.
  beforeAll(async () => {
    api = await startApi();
    em = api.app.get(MikroORM).em.fork() as EntityManager;
    await em.execute(
      `insert into cases (token, internal_case_number, submitter_company_id, submitter_user_id, receiver_company_id,
          document_id, document_version_id, status, priority, summary, description, engineer_first_name,
          engineer_last_name, engineer_email, response_due_at, sla_paused_at, created_at, updated_at, deleted_at,
          is_sample)
        select 'bulk-' || g, 'BULK-' || lpad(g::text, 5, '0'),
          case when g % 2 = 0 then acme.id else globex.id end,
          case when g % 2 = 0 and g % 3 = 0 then caller.id end,
          case when g % 2 = 0 then globex.id else acme.id end,
          c.document_id, c.document_version_id,
          (array['open','accepted','information','rejected','closed'])[1 + g % 5],
          (array['low','medium','high'])[1 + g % 3],
          'Bulk case ' || g || case when g % 7 = 0 then ' controller' else '' end, 'x', 'Ann', 'Lee', 'ann@acme.test',
          now() + (g % 11 - 5) * interval '1 hour', case when g % 13 = 0 then now() end,
          now() - (g % 61) * interval '1 day', now() - (g % 50) * interval '1 hour',
          case when g % 97 = 0 then now() end, g % 89 = 0
        from generate_series(1, ?) g
        cross join (select id from companies where slug = 'acme') acme
        cross join (select id from companies where slug = 'globex') globex
        cross join (select id from users where email = 'caller@acme.test') caller
        cross join (select document_id, document_version_id from cases order by id limit 1) c`,
      [BULK_CASES],
    );
    await em.execute(
      `insert into case_responses (case_id, type, created_at)
        select id, 'approval', created_at + (id % 5) * interval '1 hour' from cases
        where token like 'bulk-%' and id % 4 = 0`,
    );
    await em.execute('analyze cases');
    const users = await em.execute<{ id: number; email: string; role: Role; company_id: number | null }[]>(
      `select u.id, u.email, u.role, u.company_id from users u
        where u.email in ('caller@acme.test', 'bm@acme.test', 'caller@globex.test', 'bm@initech.test',
          'admin@casebridge.test')`,
    );
    for (const user of users) {
      actors[user.email] = {
        userId: user.id,
        role: user.role,
        companyId: user.company_id,
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
    const caller = actors['caller@acme.test'];
    for (const [, request, base] of REQUESTS) {
      for (const page of [1, 2, 20, 60, 61, 130]) await compare(caller, request, { ...base, page, limit: 10 });
      await compare(caller, request, { ...base, page: 5, limit: 100 });
    }
  });

  it('a total past the exact-count bound is an estimate, flagged; below it stays exact and unflagged', async () => {
    const [acme, initech] = await Promise.all([api.login('caller@acme.test'), api.login('bm@initech.test')]);
    const big = await api.http().get('/api/caller/get-cases/company').set(bearer(acme)).expect(200);
    expect(big.body.total_estimated).toBe(true);
    expect(big.body.total).toBeGreaterThan(COUNT_EXACT_UP_TO);
    expect(big.body.data).toHaveLength(10);
    const small = await api.http().get('/api/caller/get-cases/company').set(bearer(initech)).expect(200);
    expect(small.body).not.toHaveProperty('total_estimated');
  });
});
