import {
  CLIENT_EVENTS,
  SERVER_EVENTS,
  type CaseEventMessage,
  type PresenceMessage,
  type ServerToClientEvents,
} from '@casebridge/contracts';
import type { Company } from '@casebridge/db';
import { bearer, startApi, type ApiHarness } from '../../../../test/kit/api-harness';
import { aCase, aCompany, aProcess, aSuperAdmin, aUser, signedIn } from '../../../../test/kit/factories';
import { connectLive, followCase, type LiveClient } from '../../../test/live-clients';

type ClientSocket = LiveClient;

/** Resolves with the first message of `event` that passes `match`. */
function nextMessage<E extends keyof ServerToClientEvents>(
  socket: ClientSocket,
  event: E,
  match: (message: Parameters<ServerToClientEvents[E]>[0]) => boolean,
) {
  return new Promise<Parameters<ServerToClientEvents[E]>[0]>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within 5 s`)), 5000);
    const listener = (message: Parameters<ServerToClientEvents[E]>[0]) => {
      if (!match(message)) return;
      clearTimeout(timer);
      socket.off(event, listener as never);
      resolve(message);
    };
    socket.on(event, listener as never);
  });
}

describe('live updates over Socket.IO (real Redis streams adapter)', () => {
  let api: ApiHarness;
  let ours: Company;
  let partner: Company;
  let ourAdminToken: string;
  let partnerAdminToken: string;
  let caseToken: string;
  let otherCaseToken: string;
  const sockets: ClientSocket[] = [];

  const open = async (auth: Record<string, string>) => {
    const socket = await connectLive(api, auth);
    sockets.push(socket);
    return socket;
  };
  const postNote = (token: string, summary: string) =>
    api
      .http()
      .post(`/api/caller/case/${caseToken}/note`)
      .set(bearer(token))
      .send({ summary, description: '' })
      .expect(200);

  beforeAll(async () => {
    api = await startApi();
    // Our caller's accepted case to the partner's process, and another case of ours; each side has an admin.
    ours = await aCompany(api);
    partner = await aCompany(api);
    const ourCaller = await aUser(api, { company: ours, role: 'caller' });
    const process = await aProcess(api, { company: partner });
    caseToken = (await aCase(api, { from: ourCaller, to: process, status: 'accepted' })).token;
    otherCaseToken = (await aCase(api, { from: ourCaller, to: process, status: 'open' })).token;
    ourAdminToken = await signedIn(api, await aUser(api, { company: ours, role: 'business_manager' }));
    partnerAdminToken = await signedIn(api, await aUser(api, { company: partner, role: 'business_manager' }));
  });
  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    await api.close();
  });

  it('refuses a socket without a valid token', async () => {
    await expect(connectLive(api, {})).rejects.toThrow('unauthorized');
    await expect(connectLive(api, { token: 'garbage' })).rejects.toThrow('unauthorized');
  });

  it('refuses at the handshake a public socket whose case token names no case', async () => {
    await expect(connectLive(api, { case_token: 'made-up-case-token' })).rejects.toThrow('unauthorized');
    await expect(connectLive(api, { case_token: 'x'.repeat(500) })).rejects.toThrow('unauthorized');
    // The token of a real case is let in.
    await open({ case_token: caseToken });
  });

  it('lets only the two companies, super admins and the case link follow a case', async () => {
    const stranger = await aUser(api, { company: await aCompany(api), role: 'business_manager' });
    const strangerSocket = await open({ token: await signedIn(api, stranger) });
    expect(await followCase(strangerSocket, caseToken)).toEqual({ ok: false, error: 'Case not found.' });
    const admin = await open({ token: await signedIn(api, await aSuperAdmin(api)) });
    expect(await followCase(admin, caseToken)).toMatchObject({ ok: true });
    const link = await open({ case_token: caseToken });
    expect(await followCase(link, caseToken)).toMatchObject({ ok: true });
    const otherLink = await open({ case_token: otherCaseToken });
    expect(await followCase(otherLink, caseToken)).toMatchObject({ ok: false });
  });

  it('pushes a note of one company to the other, with presence of both', async () => {
    const acme = await open({ token: ourAdminToken });
    const globex = await open({ token: partnerAdminToken });
    const followed = await followCase(acme, caseToken);
    if (!followed.ok) throw new Error(followed.error);

    const seesBoth = nextMessage(acme, SERVER_EVENTS.presence, (message: PresenceMessage) =>
      message.viewers.some((viewer) => viewer.company === partner.name),
    );
    await followCase(globex, caseToken);
    const presence = await seesBoth;
    expect(presence.viewers.map((viewer) => viewer.company)).toEqual(expect.arrayContaining([ours.name, partner.name]));

    const typing = nextMessage(acme, SERVER_EVENTS.presence, (message: PresenceMessage) =>
      message.viewers.some((viewer) => viewer.typing),
    );
    await globex.timeout(5000).emitWithAck(CLIENT_EVENTS.typing, { case_token: caseToken, typing: true });
    expect((await typing).viewers.find((viewer) => viewer.typing)?.company).toBe(partner.name);

    const arrives = nextMessage(
      acme,
      SERVER_EVENTS.caseEvent,
      (message: CaseEventMessage) => message.type === 'note_added',
    );
    // A member page that does not follow the case refreshes its list from cases.changed; the follower reads it
    // from the case.event alone (one packet per follower, not two).
    const listPage = await open({ token: ourAdminToken });
    const listRefresh = nextMessage(
      listPage,
      SERVER_EVENTS.casesChanged,
      (message) => message.case_token === caseToken,
    );
    const followerRefreshes: string[] = [];
    acme.on(SERVER_EVENTS.casesChanged, (message) => followerRefreshes.push(message.case_token));
    await postNote(partnerAdminToken, 'Live from Globex');
    const event = await arrives;
    // The note itself arrives with the entry: the page shows it without reading the case again.
    expect(event).toMatchObject({
      case_token: caseToken,
      seq: followed.seq + 1,
      status: 'accepted',
      note: { summary: 'Live from Globex', company: { name: partner.name } },
    });
    expect(await listRefresh).toMatchObject({
      case_token: caseToken,
      status: 'accepted',
      seq: followed.seq + 1,
      removed: false,
      row: { token: caseToken, direction: 'outbound', partner: { name: partner.name } },
    });
    // Packets to one socket arrive in order: once this acknowledgement is back, any earlier emit has arrived too.
    await followCase(acme, caseToken);
    expect(followerRefreshes).toEqual([]);
  });

  it('a client that was away gets every missed event exactly once when it follows again', async () => {
    const acme = await open({ token: ourAdminToken });
    const first = await followCase(acme, caseToken);
    if (!first.ok) throw new Error(first.error);
    const lastSeen = first.seq;
    acme.disconnect();

    await postNote(partnerAdminToken, 'While you were away (1)');
    await postNote(partnerAdminToken, 'While you were away (2)');

    const back = await open({ token: ourAdminToken });
    const resumed = await followCase(back, caseToken, lastSeen);
    if (!resumed.ok) throw new Error(resumed.error);
    expect(resumed.missed.map((event) => [event.seq, event.type])).toEqual([
      [lastSeen + 1, 'note_added'],
      [lastSeen + 2, 'note_added'],
    ]);
    expect(resumed.seq).toBe(lastSeen + 2);
  });
});
