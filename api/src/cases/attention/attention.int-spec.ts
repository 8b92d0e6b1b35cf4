import {
  SERVER_EVENTS,
  SOCKET_PATH,
  type CaseAttentionMessage,
  type FollowNotificationsAnswer,
  type NotificationPage,
  type WatchEntryMessage,
} from '@casebridge/contracts';
import type { Case, Company, User } from '@casebridge/db';
import { io, type Socket } from 'socket.io-client';
import { bearer, startApi, type ApiHarness } from '../../../../test/kit/api-harness';
import { aCase, aCompany, aProcess, aSuperAdmin, aUser, signedIn } from '../../../../test/kit/factories';
import { waitFor } from '../../../../test/wait-for';

interface ListRow {
  token: string;
  entry_count: number;
  read_count: number | null;
}

/**
 * Watching, read positions and the notification centre through the running api: who watches by acting, the unread
 * counters a page reads in one statement, the live messages a watcher's bell counts, and the replay after a
 * reconnect that misses nothing and repeats nothing.
 */
describe('attention: watching, unread, notifications', () => {
  let api: ApiHarness;
  let ours: Company;
  let caller: User;
  let colleague: User;
  let partnerCaller: User;
  let outsider: User;
  let tokens: Record<'caller' | 'colleague' | 'partner' | 'outsider' | 'staff', string>;
  let kase: Case;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    api = await startApi();
    ours = await aCompany(api);
    const partner = await aCompany(api);
    caller = await aUser(api, { company: ours, role: 'caller' });
    colleague = await aUser(api, { company: ours, role: 'caller' });
    partnerCaller = await aUser(api, { company: partner, role: 'caller' });
    outsider = await aUser(api, { company: await aCompany(api), role: 'caller' });
    const staff = await aSuperAdmin(api);
    kase = await aCase(api, { from: caller, to: await aProcess(api, { company: partner }), status: 'accepted' });
    const [c, k, p, o, s] = await Promise.all(
      [caller, colleague, partnerCaller, outsider, staff].map((user) => signedIn(api, user)),
    );
    tokens = { caller: c, colleague: k, partner: p, outsider: o, staff: s };
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await api.close();
  });

  const http = () => api.http();
  const note = (who: keyof typeof tokens, summary: string) =>
    http().post(`/api/caller/case/${kase.token}/note`).set(bearer(tokens[who])).send({ summary }).expect(200);
  const read = (who: keyof typeof tokens, seq: number) =>
    http().post(`/api/caller/cases/${kase.token}/read`).set(bearer(tokens[who])).send({ seq });
  const page = async (who: keyof typeof tokens, query: Record<string, number> = {}) =>
    (await http().get('/api/caller/notifications').query(query).set(bearer(tokens[who])).expect(200))
      .body as NotificationPage;
  const myCasesRow = async (who: keyof typeof tokens) => {
    const body = (await http().get('/api/caller/my-cases').set(bearer(tokens[who])).expect(200)).body as {
      my_cases: { data: ListRow[] };
    };
    return body.my_cases.data.find((row) => row.token === kase.token);
  };
  const eventSeq = async () =>
    (
      (await http().get(`/api/caller/case-details/${kase.token}`).set(bearer(tokens.caller)).expect(200)).body as {
        case: { event_seq: number };
      }
    ).case.event_seq;
  const connect = async (who: keyof typeof tokens) => {
    const socket = io(api.url, { path: SOCKET_PATH, auth: { token: tokens[who] }, transports: ['websocket'] });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return socket;
  };
  const collect = <T>(socket: Socket, event: string) => {
    const seen: T[] = [];
    socket.on(event, (message: T) => seen.push(message));
    return seen;
  };

  it('the submitter watches their case from the start, read up to their own entry', async () => {
    // Submitted, then accepted through the partner's token link: the acceptance is news to the submitter.
    const row = await myCasesRow('caller');
    expect(row && [row.entry_count, row.read_count]).toEqual([2, 1]);
    const first = await page('caller');
    expect(first.unread_total).toBe(1);
    expect(first.items.map((item) => [item.type, item.own_side, item.unread])).toEqual([['accepted', false, true]]);
    // The colleague neither watches nor opened it: no mark.
    expect((await myCasesRow('colleague'))?.read_count ?? null).toBeNull();
    await read('caller', await eventSeq()).expect(200);
    expect((await page('caller')).unread_total).toBe(0);
  });

  it('a partner note reaches the watcher live, once, and marks the case unread in one read of the page', async () => {
    const socket = await connect('caller');
    const entries = collect<WatchEntryMessage>(socket, SERVER_EVENTS.watchEntry);
    await note('partner', 'Logs received, looking at the controller dump');
    const [entry] = await waitFor(
      () => entries,
      (seen) => seen.length > 0,
      { what: 'the watch entry' },
    );
    expect(entry).toEqual(
      expect.objectContaining({
        case_token: kase.token,
        type: 'note_added',
        own_side: false,
        by_user_id: partnerCaller.id,
      }),
    );
    const row = await myCasesRow('caller');
    expect(row && row.entry_count - (row.read_count ?? 0)).toBe(1);
    expect(row?.entry_count).toBe(entry.entry_count);
    const caller = await page('caller');
    expect(caller.unread_total).toBe(1);
    expect(caller.items[0]).toEqual(expect.objectContaining({ type: 'note_added', unread: true, own_side: false }));
    // The partner now watches (they wrote), and their own note is not news to them.
    const partner = await page('partner');
    expect(partner.unread_total).toBe(0);
    expect(partner.items.find((item) => item.type === 'note_added')).toBeUndefined();
  });

  it('reading the case clears its marks and tells the reader’s other pages how much it cleared', async () => {
    const socket = await connect('caller');
    const changes = collect<CaseAttentionMessage>(socket, SERVER_EVENTS.caseAttention);
    const seq = await eventSeq();
    const answer = await read('caller', seq).expect(200);
    expect(answer.body).toEqual(expect.objectContaining({ watching: true, read_seq: seq, unread: 0 }));
    await waitFor(
      () => changes,
      (seen) => seen.length > 0,
      { what: 'the attention message' },
    );
    expect(changes[0]).toEqual(expect.objectContaining({ case_token: kase.token, cleared: 1, unread: 0 }));
    expect((await page('caller')).unread_total).toBe(0);
    const row = await myCasesRow('caller');
    expect(row?.read_count).toBe(row?.entry_count);
    // Never backwards.
    expect((await read('caller', 1).expect(200)).body).toEqual(expect.objectContaining({ read_seq: seq }));
  });

  it('refuses a read beyond the log, an unknown case and another company’s case, changing nothing', async () => {
    const seq = await eventSeq();
    const beyond = await read('caller', seq + 1).expect(422);
    expect(beyond.body.errors).toEqual({ seq: [expect.any(String)] });
    await http().post('/api/caller/cases/no-such-case/read').set(bearer(tokens.caller)).send({ seq: 1 }).expect(404);
    await read('outsider', 1).expect(404);
    await http()
      .put(`/api/caller/cases/${kase.token}/watch`)
      .set(bearer(tokens.outsider))
      .send({ watching: true })
      .expect(404);
    await read('caller', -1).expect(422);
    expect((await read('caller', seq).expect(200)).body).toEqual(expect.objectContaining({ read_seq: seq }));
  });

  it('anyone who may read the case watches or unwatches it; acting on it watches again', async () => {
    const watch = (watching: boolean) =>
      http().put(`/api/caller/cases/${kase.token}/watch`).set(bearer(tokens.colleague)).send({ watching });
    expect((await watch(true).expect(200)).body).toEqual(expect.objectContaining({ watching: true, unread: 0 }));
    expect((await watch(false).expect(200)).body).toEqual(expect.objectContaining({ watching: false }));
    await note('colleague', 'Customer is escalating on our side');
    expect((await watch(true).expect(200)).body).toEqual(expect.objectContaining({ watching: true }));
    const bad = await http()
      .put(`/api/caller/cases/${kase.token}/watch`)
      .set(bearer(tokens.colleague))
      .send({ watching: 'yes' })
      .expect(422);
    expect(Object.keys(bad.body.errors)).toEqual(['watching']);
  });

  it('replays after a reconnect every entry past the cursor exactly once, with the unread total of that moment', async () => {
    const first = await page('caller');
    const socket = await connect('caller');
    const follow = (after?: string) =>
      socket.emitWithAck(
        'notifications.follow',
        after === undefined ? {} : { after },
      ) as Promise<FollowNotificationsAnswer>;
    const start = await follow(first.cursor);
    if (!start.ok) throw new Error(start.error);
    socket.disconnect();
    await note('partner', 'First while away');
    await note('partner', 'Second while away');
    socket.connect();
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const missed = await follow(start.cursor);
    if (!missed.ok) throw new Error(missed.error);
    const seqs = missed.items.map((item) => item.seq);
    expect(new Set(seqs).size).toBe(seqs.length);
    const away = missed.items.filter((item) => item.type === 'note_added' && item.unread);
    expect(away.length).toBeGreaterThanOrEqual(2);
    expect(missed.unread_total).toBe((await page('caller')).unread_total);
    expect(missed.complete).toBe(true);
    // Past the new cursor nothing new happened: anything answered again is one the client already has (by seq).
    const again = await follow(missed.cursor);
    if (!again.ok) throw new Error(again.error);
    const latest = Math.max(...seqs);
    expect(again.items.every((item) => item.seq <= latest)).toBe(true);
    expect(await follow('not a cursor')).toEqual({ ok: false, error: expect.any(String) });
  });

  it('pages the list newest first and marks everything read at once', async () => {
    const one = await page('caller', { limit: 1 });
    expect(one.items).toHaveLength(1);
    expect(one.next_before).not.toBeNull();
    const two = await page('caller', { limit: 1, before: one.next_before as number });
    expect(two.items[0].seq).toBeLessThan(one.items[0].seq);
    await http().post('/api/caller/notifications/read-all').set(bearer(tokens.caller)).expect(200);
    expect((await page('caller')).unread_total).toBe(0);
  });
  it('a super admin who watches gets the case’s entries but no notes', async () => {
    await http()
      .put(`/api/caller/cases/${kase.token}/watch`)
      .set(bearer(tokens.staff))
      .send({ watching: true })
      .expect(200);
    const socket = await connect('staff');
    const entries = collect<WatchEntryMessage>(socket, SERVER_EVENTS.watchEntry);
    await note('partner', 'A note the back office does not read');
    await http().post(`/api/caller/case/${kase.token}/close`).set(bearer(tokens.caller)).send({}).expect(200);
    await waitFor(
      () => entries,
      (seen) => seen.some((entry) => entry.type === 'closed'),
      { what: 'the close' },
    );
    expect(entries.map((entry) => entry.type)).toEqual(['closed']);
    expect((await page('staff')).items.map((item) => item.type)).not.toContain('note_added');
    expect((await page('staff')).unread_total).toBe(1);
  });

  it('the engineers a case names on either side watch it, unread from the start', async () => {
    const named = await aCase(api, {
      from: caller,
      to: await aProcess(api, { company: partnerCaller.company! }),
      status: 'accepted',
      body: { email: colleague.email },
      acceptance: { engineer_email: partnerCaller.email },
    });
    const rowOf = async (who: 'colleague' | 'partner') => {
      const body = (await http().get('/api/caller/get-cases/company').set(bearer(tokens[who])).expect(200)).body as {
        data: ListRow[];
      };
      return body.data.find((row) => row.token === named.token);
    };
    // Both engineers see every entry their side can see as new: nothing is read yet.
    expect(await rowOf('colleague')).toEqual(expect.objectContaining({ entry_count: 2, read_count: 0 }));
    expect(await rowOf('partner')).toEqual(expect.objectContaining({ entry_count: 2, read_count: 0 }));
    const partner = await page('partner');
    expect(partner.items.filter((item) => item.case_token === named.token).map((item) => item.type)).toEqual([
      'accepted',
      'submitted',
    ]);
  });
});
