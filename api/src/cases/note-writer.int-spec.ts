import { loadBroadcastSources, type BroadcastSources, type Case, type SqlRunner, type User } from '@casebridge/db';
import { Client } from 'pg';
import { bearer, startApi, type ApiHarness } from '../../../test/kit/api-harness';
import { waitFor } from '../../../test/wait-for';
import { aCase, aCompany, aProcess, aSignedInUser } from '../../../test/kit/factories';
import type { Actor } from '../platform/access/actor';
import { writeNote, type NoteWrite } from './note-writer';

const WAITING_FOR_A_LOCK = `select count(*)::int as waiting from pg_stat_activity
  where datname = current_database() and wait_event_type = 'Lock'`;

/**
 * The note's one statement also reads what its live messages are built from (the case row it updated, the note,
 * the watchers), so nothing is read after the commit: it must give exactly what the read after the commit gives,
 * and give nothing when another write moved the case while the statement waited for the case's lock.
 */
describe('the note statement reads its live messages’ sources (real PostgreSQL)', () => {
  let api: ApiHarness;
  let kase: Case;
  let ours: User;
  let partner: User;
  let partnerToken: string;
  const clients: Client[] = [];

  /** A connection of its own, run like the api runs the note (lists as PostgreSQL arrays). */
  async function runner(): Promise<SqlRunner> {
    const client = new Client({ connectionString: api.deployment.databaseUrl });
    await client.connect();
    clients.push(client);
    return async (sql, params) => {
      let index = 0;
      const text = sql.replace(/\?/g, () => `$${++index}`);
      return (await client.query(text, [...params])).rows;
    };
  }

  const actorOf = (user: User): Actor => ({
    userId: user.id,
    role: user.role,
    companyId: user.company!.id,
    membershipType: 'standard',
    sessionId: 'note-writer-spec',
    impersonatorId: null,
  });

  const note = (run: SqlRunner, user: User, summary: string, visibility: 'partner' | 'internal' = 'partner') =>
    writeNote(run, { actor: actorOf(user), token: kase.token, summary, description: null, visibility });

  const written = (write: NoteWrite | null) => {
    if (!write?.written) throw new Error('the note was not written');
    return write.written;
  };

  beforeAll(async () => {
    api = await startApi();
    const [ourCompany, partnerCompany] = [await aCompany(api), await aCompany(api)];
    ours = (await aSignedInUser(api, { company: ourCompany, role: 'caller' })).user;
    const signedPartner = await aSignedInUser(api, { company: partnerCompany, role: 'business_manager' });
    partner = signedPartner.user;
    partnerToken = signedPartner.token;
    kase = await aCase(api, { from: ours, to: await aProcess(api, { company: partnerCompany }), status: 'accepted' });
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.end()));
    await api?.close();
  });

  it('gives the same case row, note, watchers and author as the read after the commit', async () => {
    const run = await runner();
    // The partner watches by writing first (through the api); then each side writes, one note kept internal.
    await api
      .http()
      .post(`/api/caller/case/${kase.token}/note`)
      .set(bearer(partnerToken))
      .send({ summary: 'Partner first' })
      .expect(200);
    for (const [user, visibility] of [
      [ours, 'partner'],
      [partner, 'internal'],
      [ours, 'internal'],
    ] as const) {
      const { entry, sources } = written(await note(run, user, `From ${user.id}, ${visibility}`, visibility));
      expect(sources).toBeDefined();
      expect(sources).toEqual(await loadBroadcastSources(run, [entry], { watchers: true }));
      // Both companies' writers watch now, each on their side.
      expect([...sources!.watchers.values()].flat().sort()).toEqual([ours.id, partner.id].sort());
    }
  });

  it('reads a large batch (a feed page) part by part, as the one statement reads a small one', async () => {
    const run = await runner();
    const entries = [];
    for (let index = 0; index < 20; index += 1) {
      entries.push(written(await note(run, index % 2 ? ours : partner, `Batch note ${index}`)).entry);
    }
    const whole = await loadBroadcastSources(run, entries, { watchers: true });
    const oneByOne = await Promise.all(entries.map((entry) => loadBroadcastSources(run, [entry], { watchers: true })));
    const merged = <K, V>(pick: (sources: BroadcastSources) => Map<K, V>) =>
      new Map(oneByOne.flatMap((sources) => [...pick(sources)]));
    expect(whole.snapshots).toEqual(merged((sources) => sources.snapshots));
    expect(whole.items.notes).toEqual(merged((sources) => sources.items.notes));
    expect(whole.items.notes.size).toBe(20);
    expect(whole.watchers).toEqual(merged((sources) => sources.watchers));
    expect(whole.actorCompanies).toEqual(merged((sources) => sources.actorCompanies));
  });

  it('leaves them to a read after the commit when another write moved the case while it waited', async () => {
    const [first, second] = [await runner(), await runner()];
    await first('begin', []);
    const held = written(await note(first, ours, 'Holds the case'));
    // The second note waits for the case's lock, which the first holds until it commits.
    const waiting = note(second, partner, 'Waited for the lock');
    await waitFor(
      () => first<{ waiting: number }>(WAITING_FOR_A_LOCK, []),
      ([row]) => row.waiting > 0,
      { what: 'the second note waiting for the case lock' },
    );
    await first('commit', []);
    const after = written(await waiting);
    expect(after.entry.seq).toBe(held.entry.seq + 1);
    expect(after.sources).toBeUndefined();
  });
});
