import type { CaseDetail, CaseList, DirectoryEntry, EscalationPage } from '@casebridge/contracts';
import { Client } from 'pg';
import { waitFor } from '../../../../test/wait-for';
import type { Company, ContactDocument, User } from '@casebridge/db';
import { bearer, startApi, type ApiHarness } from '../../../../test/kit/api-harness';
import { aCase, aCompany, aProcess, aSuperAdmin, aUser, signedIn } from '../../../../test/kit/factories';
import { CASE_READS_CHANNEL, CachedReads } from './cached-reads.service';
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
  // Our company's caller, who sent the case, and the partner's caller, whose company accepted it.
  let ours: Company;
  let partner: Company;
  let partnerProcess: ContactDocument;
  let ourCaller: User;
  let ourToken: string;
  let partnerToken: string;
  let admin: string;
  let kase: { id: number; token: string };
  const BOUND_MS = Math.min(3_000, READ_CACHE_MAX_AGE_MS / 3);

  const reads = () => api.app.get(CachedReads);
  const get = async <T>(path: string, token: string): Promise<T> =>
    (await api.http().get(`/api/${path}`).set(bearer(token)).expect(200)).body as T;
  const details = async (token = ourToken) =>
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
      await details(ourToken);
      await details(partnerToken);
      await listRow(ourToken);
      await listRow(partnerToken);
      await queueRow();
    }
    expect(reads().cache.size).toBeGreaterThanOrEqual(5);
  };

  beforeAll(async () => {
    api = await startApi();
    db = new Client({ connectionString: api.deployment.databaseUrl });
    await db.connect();
    ours = await aCompany(api);
    partner = await aCompany(api);
    partnerProcess = await aProcess(api, { company: partner });
    ourCaller = await aUser(api, { company: ours, role: 'caller' });
    const partnerCaller = await aUser(api, { company: partner, role: 'caller' });
    ourToken = await signedIn(api, ourCaller);
    partnerToken = await signedIn(api, partnerCaller);
    admin = await signedIn(api, await aSuperAdmin(api));
    // Accepted, between companies that allow notes.
    const accepted = await aCase(api, { from: ourCaller, to: partnerProcess, status: 'accepted' });
    kase = { id: accepted.id, token: accepted.token };
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
    await details(ourToken);
    await details(ourToken);
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
      () => details(ourToken),
      (detail) => detail.summary === 'Changed by the worker',
      options,
    );
    await waitFor(
      () => details(partnerToken),
      (detail) => detail.summary === 'Changed by the worker',
      options,
    );
    await waitFor(
      () => listRow(ourToken),
      (row) => row?.summary === 'Changed by the worker',
      options,
    );
    await waitFor(
      () => listRow(partnerToken),
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
      () => details(partnerToken),
      (detail) => detail.notes.some((note) => note.summary === 'From psql'),
      { timeoutMs: BOUND_MS, what: 'the note' },
    );
    await warm();
    const renamed = `${partner.name} Renamed`;
    await db.query('update companies set name = $1 where id = $2', [renamed, partner.id]);
    const options = { timeoutMs: BOUND_MS, what: 'the new company name' };
    await waitFor(
      () => details(ourToken),
      (detail) => detail.receiver.name === renamed,
      options,
    );
    await waitFor(
      () => listRow(ourToken),
      (row) => row?.partner.name === renamed,
      options,
    );
    await db.query('update companies set name = $1 where id = $2', [partner.name, partner.id]);
  });

  it('shows a new tag of a partner document in the directory, kept for the whole network', async () => {
    const partnerTags = async () =>
      (await get<DirectoryEntry[]>('caller/company_directory', ourToken))
        .filter((entry) => entry.type === 'company' && entry.company_id === partner.id)
        .flatMap((entry) => entry.tags.map((tag) => tag.tag));
    await partnerTags();
    await partnerTags();
    // Kept once for every viewer: another company's member reads the same entry from memory.
    await get<DirectoryEntry[]>('caller/company_directory', partnerToken);
    await db.query(`insert into document_tags (document_id, tag) values ($1, 'added-by-psql')`, [partnerProcess.id]);
    await waitFor(partnerTags, (tags) => tags.includes('added-by-psql'), { timeoutMs: BOUND_MS, what: 'the tag' });
  });

  it("keeps a member's favourites and company note until the database changes them", async () => {
    const favorites = async () =>
      (await get<{ company: { name: string } }[]>('caller/favorites', ourToken)).map(
        (favorite) => favorite.company.name,
      );
    const note = async () => (await get<{ note: string | null }>('caller/company_note', ourToken)).note;
    await favorites();
    await api
      .http()
      .post('/api/caller/favorites/toggle')
      .set(bearer(ourToken))
      .send({ company_id: partner.id, type: 'company', is_favorite: true })
      .expect(200);
    // Read back at once (this instance answered the write), then kept.
    expect(await favorites()).toContain(partner.name);
    expect(await favorites()).toContain(partner.name);
    await note();
    await note();
    await db.query('delete from favorites where user_id = $1', [ourCaller.id]);
    await waitFor(favorites, (names) => names.length === 0, { timeoutMs: BOUND_MS, what: 'no favourite left' });
    await db.query(`update companies set note = '<p>From psql</p>' where id = $1`, [ours.id]);
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
        .set(bearer(ourToken))
        .send({ summary: 'Read back at once', description: '<p>now</p>' })
        .expect(200);
      const detail = await details(partnerToken);
      expect(detail.notes.map((note) => note.summary)).toContain('Read back at once');
    } finally {
      stream.resume();
    }
  });

  it('sends one marker for the writes answered at the same moment', async () => {
    await warm();
    const watcher = new Client({ connectionString: api.deployment.databaseUrl });
    await watcher.connect();
    const markers: string[] = [];
    watcher.on('notification', (message) => {
      if (message.payload?.startsWith('s:')) markers.push(message.payload);
    });
    try {
      await watcher.query(`listen ${CASE_READS_CHANNEL}`);
      // Ten writes' answers at once: each waits for a marker sent after its call, and one serves them all.
      await Promise.all(Array.from({ length: 10 }, () => reads().sync()));
      await waitFor(
        () => markers.length,
        (count) => count > 0,
        { what: 'the marker on a connection of our own' },
      );
      expect(markers).toHaveLength(1);
    } finally {
      await watcher.end();
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
    expect((await details(ourToken)).summary).toBe('While deaf');
    await waitFor(warmable, (ok) => ok, { what: 'the cache to be back on' });
  });

  /** The socket of the instance's listening connection (node-postgres keeps it on `connection.stream`). */
  function listenerStream(): { pause(): void; resume(): void } {
    const listener = (reads() as unknown as { listener: { connection: { stream: { pause(): void; resume(): void } } } })
      .listener;
    return listener.connection.stream;
  }
});
