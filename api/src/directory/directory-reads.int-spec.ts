import type { MembershipType, Role } from '@casebridge/contracts';
import { MikroORM, RequestContext } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { bearer, startApi, type ApiHarness } from '../../../test/kit/api-harness';
import { oracleCompanyNote, oracleDirectory, oracleFavorites } from '../../test/directory-oracle';
import type { Actor } from '../platform/access/actor';
import { CompanyNoteService } from './company-note.service';
import { DirectoryService } from './directory.service';
import { FavoritesService } from './favorites.service';
import { MemberContextService } from './member-context.service';

/**
 * The dashboard's reads (company directory, favourites, company note) are plain SQL. Their answers must stay what
 * the entity code made, byte for byte, for every user of the demo network, with sponsor-only and user-limited group
 * relations, a deleted process, an inactive department and favourites pointing at them in the data.
 */
describe('dashboard reads in SQL answer what the entity code answered', () => {
  let api: ApiHarness;
  let em: EntityManager;
  let actors: Actor[];
  let callerId: number;

  const inContext = <T>(work: (em: EntityManager) => Promise<T>): Promise<T> => {
    const orm = api.app.get(MikroORM);
    return RequestContext.create(orm.em, () => work(orm.em.fork() as EntityManager));
  };
  const orNull = <T>(promise: Promise<T>) =>
    promise.catch((error: { status?: number }) => {
      if (error.status === 403) return null;
      throw error;
    });

  // Boots the app and shapes its data: more than a test's work, so the hook has a bound of its own.
  beforeAll(async () => {
    api = await startApi();
    em = api.app.get(MikroORM).em.fork() as EntityManager;
    const [acmeUser] = await em.execute<{ id: number }[]>(`select id from users where email = 'caller@acme.test'`);
    callerId = acmeUser.id;
    // Sponsor-only and user-limited memberships, alternating over the demo's relations.
    await em.execute(`update company_group_relations set member_relationship = 'one_to_many' where id % 2 = 0`);
    await em.execute(`update company_group_relations set user_access_flag = 'limit' where id % 3 = 0`);
    await em.execute(
      `insert into company_group_relation_users (company_group_relation_id, user_id)
        select r.id, u.id from company_group_relations r join users u on u.company_id = r.company_id
        where r.id % 3 = 0 and u.id % 2 = 0 on conflict do nothing`,
    );
    // A deleted process, an inactive department, and favourites of the caller pointing at them.
    const [doc] = await em.execute<{ id: number; company_id: number }[]>(
      `select d.id, d.company_id from contact_documents d join companies co on co.id = d.company_id
        where co.slug = 'globex' order by d.id limit 1`,
    );
    const [department] = await em.execute<{ id: number; company_id: number }[]>(
      `select dep.id, dep.company_id from departments dep join companies co on co.id = dep.company_id
        where co.slug <> 'acme' order by dep.id limit 1`,
    );
    await em.execute('update contact_documents set deleted_at = now() where id = ?', [doc.id]);
    await em.execute(`update departments set status = 'inactive' where id = ?`, [department.id]);
    await em.execute(
      `insert into favorites (user_id, company_id, department_id, document_id) values (?, ?, null, ?), (?, ?, ?, null)
        on conflict do nothing`,
      [acmeUser.id, doc.company_id, doc.id, acmeUser.id, department.company_id, department.id],
    );
    const users = await em.execute<
      { id: number; role: Role; company_id: number | null; membership_type: MembershipType | null }[]
    >(`select u.id, u.role, u.company_id, co.membership_type from users u
        left join companies co on co.id = u.company_id order by u.id`);
    actors = users.map((user) => ({
      userId: user.id,
      role: user.role,
      companyId: user.company_id,
      membershipType: user.membership_type,
      sessionId: 'comparison',
      impersonatorId: null,
    }));
    expect(actors.length).toBeGreaterThan(8);
  }, 120_000);
  afterAll(() => api.close());

  it('the company directory, for every user', async () => {
    for (const actor of actors) {
      const expected = await inContext((fork) => oracleDirectory(fork, api.app.get(MemberContextService), actor));
      const actual = await inContext(() => api.app.get(DirectoryService).directory(actor));
      expect([actor.userId, JSON.stringify(actual)]).toEqual([actor.userId, JSON.stringify(expected)]);
    }
  });

  it('the company directory with every membership sponsor-only', async () => {
    await em.execute(`update company_group_relations set member_relationship = 'one_to_many'`);
    try {
      for (const actor of actors) {
        const expected = await inContext((fork) => oracleDirectory(fork, api.app.get(MemberContextService), actor));
        const actual = await inContext(() => api.app.get(DirectoryService).directory(actor));
        expect([actor.userId, JSON.stringify(actual)]).toEqual([actor.userId, JSON.stringify(expected)]);
      }
    } finally {
      await em.execute(`update company_group_relations set member_relationship = 'many_to_many' where id % 2 = 1`);
    }
  });

  it('favourites and the company note, for every user', async () => {
    for (const actor of actors) {
      const favorites = await inContext((fork) => oracleFavorites(fork, actor));
      const actual = await inContext(() => api.app.get(FavoritesService).list(actor));
      expect([actor.userId, JSON.stringify(actual)]).toEqual([actor.userId, JSON.stringify(favorites)]);
      const note = await inContext(() => oracleCompanyNote(api.app.get(MemberContextService), actor));
      const actualNote = await inContext(() => orNull(api.app.get(CompanyNoteService).get(actor)));
      expect([actor.userId, JSON.stringify(actualNote)]).toEqual([actor.userId, JSON.stringify(note)]);
    }
  });

  it('the routes answer those bytes', async () => {
    const token = await api.login('caller@acme.test');
    const actor = actors.find((candidate) => candidate.userId === callerId)!;
    const directory = await api.http().get('/api/caller/company_directory').set(bearer(token)).expect(200);
    const expected = await inContext((fork) => oracleDirectory(fork, api.app.get(MemberContextService), actor));
    expect(directory.text).toBe(JSON.stringify(expected));
    const favorites = await api.http().get('/api/caller/favorites').set(bearer(token)).expect(200);
    expect(favorites.body.length).toBeGreaterThan(0);
  });
});
