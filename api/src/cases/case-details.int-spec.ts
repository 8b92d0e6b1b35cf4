import type { MembershipType, Role } from '@casebridge/contracts';
import { MikroORM, RequestContext } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { bearer, startApi, type ApiHarness } from '../../../test/kit/api-harness';
import { oracleMemberDetail, oraclePublicCase } from '../../test/case-details-oracle';
import type { Actor } from '../platform/access/actor';
import { CaseDetailsService } from './case-details.service';

interface Viewer {
  email: string;
  actor: Actor;
}

/**
 * The case pages are read in one SQL statement. Their answers must stay what the entity mappers made, byte for byte
 * (same keys, same order, same values): for every case of the demo network, seen by a member of every company
 * (either side, or neither: 404), by the super admin, and through the token link, with notes allowed and not,
 * attachments, purged customer data and deleted notes and cases in the data.
 */
describe('case pages read in SQL answer what the entity mappers answered', () => {
  let api: ApiHarness;
  let em: EntityManager;
  let viewers: Viewer[];
  let tokens: { id: number; token: string }[];

  const inContext = <T>(work: (em: EntityManager) => Promise<T>): Promise<T> => {
    const orm = api.app.get(MikroORM);
    return RequestContext.create(orm.em, () => work(orm.em.fork() as EntityManager));
  };
  const details = () => api.app.get(CaseDetailsService);
  const orNull = <T>(promise: Promise<T>) =>
    promise.catch((error: { status?: number }) => {
      if (error.status === 404) return null;
      throw error;
    });

  // Boots the app and shapes its data: more than a test's work, so the hook has a bound of its own.
  beforeAll(async () => {
    api = await startApi();
    em = api.app.get(MikroORM).em.fork() as EntityManager;
    // Shapes the demo lacks: attachments with and without a company, a note without author, a deleted note,
    // purged customer data, a deleted case.
    const [first, second, third, fourth] = await em.execute<{ id: number; submitter_company_id: number }[]>(
      'select id, submitter_company_id from cases order by id limit 4',
    );
    await em.execute(
      `insert into case_attachments (case_id, company_id, original_filename, storage_path, size_bytes, description,
        upload_state, created_at) values
        (?, ?, 'trace.log', 'x/trace.log', 5000000000, 'A trace', 'done', '2026-01-02T03:04:05.678912Z'),
        (?, null, 'screen.png', 'x/screen.png', 12, null, 'pending', now())`,
      [first.id, first.submitter_company_id, first.id],
    );
    await em.execute(
      `insert into case_notes (case_id, user_id, company_id, creator_name, summary, description, created_at, deleted_at)
        values (?, null, null, 'Guest', 'Anonymous note', null, '2026-01-02T03:04:05.999999Z', null),
               (?, null, null, 'Guest', 'Deleted note', '<p>gone</p>', now(), now())`,
      [second.id, second.id],
    );
    await em.execute('update cases set customer_data_purged_at = now() where id = ?', [third.id]);
    await em.execute('update cases set deleted_at = now() where id = ?', [fourth.id]);

    tokens = await em.execute<{ id: number; token: string }[]>('select id, token from cases order by id');
    const users = await em.execute<
      { id: number; email: string; role: Role; company_id: number | null; membership_type: MembershipType | null }[]
    >(`select distinct on (coalesce(u.company_id, 0)) u.id, u.email, u.role, u.company_id, co.membership_type
        from users u left join companies co on co.id = u.company_id
        order by coalesce(u.company_id, 0), u.id`);
    viewers = users.map((user) => ({
      email: user.email,
      actor: {
        userId: user.id,
        role: user.role,
        companyId: user.company_id,
        membershipType: user.membership_type,
        sessionId: 'comparison',
        impersonatorId: null,
      },
    }));
    expect(viewers.map((viewer) => viewer.actor.role)).toContain('super_admin');
    expect(viewers.length).toBeGreaterThanOrEqual(5);
  }, 120_000);
  afterAll(() => api.close());

  it('the member page, for every case and every viewer', async () => {
    let compared = 0;
    for (const viewer of viewers) {
      for (const { token } of tokens) {
        const expected = await inContext((fork) => oracleMemberDetail(fork, viewer.actor, token));
        const actual = await inContext(() => orNull(details().forMember(viewer.actor, token)));
        expect([viewer.email, token, JSON.stringify(actual?.case ?? null)]).toEqual([
          viewer.email,
          token,
          JSON.stringify(expected),
        ]);
        if (expected) compared += 1;
      }
    }
    // Every case but the deleted one, seen by its two sides and the super admin at least.
    expect(compared).toBeGreaterThanOrEqual((tokens.length - 1) * 3);
  });

  it('the member page with notes turned off for every company', async () => {
    await em.execute('update companies set allow_notes = false');
    try {
      for (const viewer of viewers) {
        for (const { token } of tokens) {
          const expected = await inContext((fork) => oracleMemberDetail(fork, viewer.actor, token));
          const actual = await inContext(() => orNull(details().forMember(viewer.actor, token)));
          expect(JSON.stringify(actual?.case ?? null)).toBe(JSON.stringify(expected));
        }
      }
    } finally {
      await em.execute("update companies set allow_notes = slug <> 'umbrella'");
    }
  });

  it('the token page and the super admin page, for every case', async () => {
    const superAdmin = viewers.find((viewer) => viewer.actor.role === 'super_admin')!.actor;
    for (const { id, token } of tokens) {
      const expected = await inContext((fork) => oraclePublicCase(fork, token));
      const actual = await inContext(() => orNull(details().forTokenLink(token)));
      expect(JSON.stringify(actual)).toBe(JSON.stringify(expected));

      const page = await inContext(async (fork) => {
        const detail = await oracleMemberDetail(fork, superAdmin, token);
        return detail ? { case: detail, allowed: expected!.allowed } : null;
      });
      expect(JSON.stringify(await inContext(() => orNull(details().forSuperAdmin(id))))).toBe(JSON.stringify(page));
    }
  });

  it('the routes answer those bytes', async () => {
    const [caller, superAdmin] = await Promise.all([api.login('caller@acme.test'), api.login('admin@casebridge.test')]);
    const actor = viewers.find((viewer) => viewer.email === 'bm@acme.test')!.actor;
    const [{ id, token }] = await em.execute<{ id: number; token: string }[]>(
      `select c.id, c.token from cases c join companies co on co.id = c.submitter_company_id
        where co.slug = 'acme' and c.deleted_at is null order by c.id limit 1`,
    );
    const member = await api.http().get(`/api/caller/case-details/${token}`).set(bearer(caller)).expect(200);
    const expected = await inContext((fork) => oracleMemberDetail(fork, { ...actor }, token));
    expect(member.text).toBe(JSON.stringify({ case: expected }));
    const publicPage = await api.http().get(`/api/caller/case/${token}`).expect(200);
    expect(publicPage.text).toBe(JSON.stringify(await inContext((fork) => oraclePublicCase(fork, token))));
    const admin = await api.http().get(`/api/super_admin/escalation/${id}/details`).set(bearer(superAdmin)).expect(200);
    expect(admin.body.case.id).toBe(id);
    await api.http().get(`/api/caller/case-details/${tokens[3].token}`).set(bearer(caller)).expect(404);
  });
});
