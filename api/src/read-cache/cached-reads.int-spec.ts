import type { CaseDetail, CaseList, DirectoryEntry, EscalationPage } from '@casebridge/contracts';
import { Client } from 'pg';
import { waitFor } from '../../../test/wait-for';
import { bearer, startApi, type ApiHarness } from '../../test/api-harness';
import { CachedReads } from './cached-reads.service';
import { READ_CACHE_MAX_AGE_MS } from './read-cache';

/**
 * The hot reads answer from the instance's memory, and still never show what the database no longer holds:
 * changes written past the api (the worker, another instance, psql) arrive through PostgreSQL's notifications, a
 * write answered here is read back at once, and without its listening connection the cache is off.
 * Every wait below is bounded well under READ_CACHE_MAX_AGE_MS, so only the notification can make it pass.
 */
describe('cached hot reads follow the database', () => {
  let api: ApiHarness;
  let db: Client;
  let acme: string;
  let globex: string;
  let admin: string;
  let kase: { id: number; token: string };
  const BOUND_MS = Math.min(3_000, READ_CACHE_MAX_AGE_MS / 3);

  const reads = () => api.app.get(CachedReads);
  const get = async <T>(path: string, token: string): Promise<T> =>
    (await api.http().get(`/api/${path}`).set(bearer(token)).expect(200)).body as T;
  const details = async (token = acme) =>
    (await get<{ case: CaseDetail }>(`caller/case-details/${kase.token}`, token)).case;
  const listRow = async (token: string) =>
    (await get<CaseList>('caller/get-cases/company?limit=100', token)).data.find((row) => row.id === kase.id);
  const queueRow = async () =>
    (await get<EscalationPage>('super_admin/escalation/queue/all-10?limit=50', admin)).data.find(
      (row) => row.id === kase.id,
    );
  /** Reads each answer twice: the second comes from memory. */
  const warm = async () => {
    for (let round = 0; round < 2; round++) {
      await details(acme);
      await details(globex);
      await listRow(acme);
      await listRow(globex);
      await queueRow();
    }
    expect(reads().cache.size).toBeGreaterThanOrEqual(5);
  };

  beforeAll(async () => {
    api = await startApi();
    db = new Client({ connectionString: api.deployment.databaseUrl });
    await db.connect();
    [acme, globex, admin] = await Promise.all([
      api.login('caller@acme.test'),
      api.login('caller@globex.test'),
      api.login('admin@casebridge.test'),
    ]);
    const { rows } = await db.query<{ id: number; token: string }>(
      `select c.id, c.token from cases c
        join companies s on s.id = c.submitter_company_id join companies r on r.id = c.receiver_company_id
        where s.slug = 'acme' and r.slug = 'globex' and c.status = 'accepted' and c.deleted_at is null
          and s.allow_notes and r.allow_notes and not c.is_sample
        order by c.updated_at desc limit 1`,
    );
    expect(rows).toHaveLength(1);
    kase = rows[0];
    // Newest of all, so it heads the queue of the last ten days.
    await db.query('update cases set created_at = now() where id = $1', [kase.id]);
    await waitFor(warmable, (ok) => ok, { what: 'the cache to be on' });
  });
  afterAll(async () => {
    await db.end();
    await api.close();
  });

  /** True once a second read of the same page is kept (the listening connection is up). */
  async function warmable(): Promise<boolean> {
    await details(acme);
    await details(acme);
    return reads().cache.size > 0;
  }

  it('shows a case changed past the api in the case page, both lists and the queue', async () => {
    await warm();
    await db.query('update cases set summary = $1, internal_case_number = $2 where id = $3', [
      'Changed by the worker',
      'WRK-0001',
      kase.id,
    ]);
    const options = { timeoutMs: BOUND_MS, what: 'the new summary everywhere' };
    await waitFor(
      () => details(acme),
      (detail) => detail.summary === 'Changed by the worker',
      options,
    );
    await waitFor(
      () => details(globex),
      (detail) => detail.summary === 'Changed by the worker',
      options,
    );
    await waitFor(
      () => listRow(acme),
      (row) => row?.summary === 'Changed by the worker',
      options,
    );
    await waitFor(
      () => listRow(globex),
      (row) => row?.summary === 'Changed by the worker',
      options,
    );
    await waitFor(
      () => queueRow(),
      (row) => row?.internal_case_number === 'WRK-0001',
      options,
    );
  });

  it('shows a note added past the api, and a partner company renamed, in every answer that shows them', async () => {
    await warm();
    await db.query(
      `insert into case_notes (case_id, user_id, company_id, creator_name, summary, description, created_at)
        values ($1, null, null, 'Script', 'From psql', null, now())`,
      [kase.id],
    );
    await waitFor(
      () => details(globex),
      (detail) => detail.notes.some((note) => note.summary === 'From psql'),
      { timeoutMs: BOUND_MS, what: 'the note' },
    );
    await warm();
    await db.query(`update companies set name = 'Globex Renamed' where slug = 'globex'`);
    const options = { timeoutMs: BOUND_MS, what: 'the new company name' };
    await waitFor(
      () => details(acme),
      (detail) => detail.receiver.name === 'Globex Renamed',
      options,
    );
    await waitFor(
      () => listRow(acme),
      (row) => row?.partner.name === 'Globex Renamed',
      options,
    );
    await db.query(`update companies set name = 'Globex Storage' where slug = 'globex'`);
  });

  it('shows a new tag of a partner document in the directory, kept for the whole network', async () => {
    const globexTags = async () =>
      (await get<DirectoryEntry[]>('caller/company_directory', acme))
        .filter((entry) => entry.type === 'company' && entry.company_name.startsWith('Globex'))
        .flatMap((entry) => entry.tags.map((tag) => tag.tag));
    await globexTags();
    await globexTags();
    // Kept once for every viewer: another company's member reads the same entry from memory.
    await get<DirectoryEntry[]>('caller/company_directory', globex);
    const { rows } = await db.query<{ id: number }>(
      `select d.id from contact_documents d join companies co on co.id = d.company_id
        join document_versions v on v.id = d.current_version_id
        where co.slug = 'globex' and d.deleted_at is null and v.status = 'approved' order by d.id limit 1`,
    );
    expect(rows).toHaveLength(1);
    await db.query(`insert into document_tags (document_id, tag) values ($1, 'added-by-psql')`, [rows[0].id]);
    await waitFor(globexTags, (tags) => tags.includes('added-by-psql'), { timeoutMs: BOUND_MS, what: 'the tag' });
  });

  it("keeps a member's favourites and company note until the database changes them", async () => {
    const favorites = async () =>
      (await get<{ company: { name: string } }[]>('caller/favorites', acme)).map((favorite) => favorite.company.name);
    const note = async () => (await get<{ note: string | null }>('caller/company_note', acme)).note;
    const [{ id: globexId }] = (await db.query<{ id: number }>(`select id from companies where slug = 'globex'`)).rows;
    await favorites();
    await api
      .http()
      .post('/api/caller/favorites/toggle')
      .set(bearer(acme))
      .send({ company_id: globexId, type: 'company', is_favorite: true })
      .expect(200);
    // Read back at once (this instance answered the write), then kept.
    expect(await favorites()).toContain('Globex Storage');
    expect(await favorites()).toContain('Globex Storage');
    await note();
    await note();
    const { rows } = await db.query<{ id: number }>(`select id from users where email = 'caller@acme.test'`);
    await db.query('delete from favorites where user_id = $1', [rows[0].id]);
    await waitFor(favorites, (names) => names.length === 0, { timeoutMs: BOUND_MS, what: 'no favourite left' });
    await db.query(`update companies set note = '<p>From psql</p>' where slug = 'acme'`);
    await waitFor(note, (text) => text === '<p>From psql</p>', { timeoutMs: BOUND_MS, what: 'the new note' });
  });

  it('answers a write of this instance only once its own reads show it', async () => {
    await warm();
    // Holds the listening connection's notifications: the write's own cannot drop the cached page by itself now.
    const stream = listenerStream();
    stream.pause();
    try {
      await api
        .http()
        .post(`/api/caller/case/${kase.token}/note`)
        .set(bearer(acme))
        .send({ summary: 'Read back at once', description: '<p>now</p>' })
        .expect(200);
      const detail = await details(globex);
      expect(detail.notes.map((note) => note.summary)).toContain('Read back at once');
    } finally {
      stream.resume();
    }
  });

  it('reads the database while its listening connection is down, and caches again once it is back', async () => {
    await warm();
    await db.query(`select pg_terminate_backend(pid) from pg_stat_activity
      where application_name = 'casebridge-reads' and datname = current_database()`);
    await waitFor(
      () => reads().cache.size,
      (size) => size === 0,
      { what: 'the cache to go off' },
    );
    await db.query('update cases set summary = $1 where id = $2', ['While deaf', kase.id]);
    // No wait: with the cache off this very read goes to the database.
    expect((await details(acme)).summary).toBe('While deaf');
    await waitFor(warmable, (ok) => ok, { what: 'the cache to be back on' });
  });

  /** The socket of the instance's listening connection (node-postgres keeps it on `connection.stream`). */
  function listenerStream(): { pause(): void; resume(): void } {
    const listener = (reads() as unknown as { listener: { connection: { stream: { pause(): void; resume(): void } } } })
      .listener;
    return listener.connection.stream;
  }
});
