import {
  CLIENT_EVENTS,
  rooms,
  SERVER_EVENTS,
  type FollowCaseAnswer,
  type QueueChangedMessage,
} from '@casebridge/contracts';
import { startApi, type ApiHarness } from '../../test/api-harness';
import { orm, tokenOf } from '../../test/member-fixtures';
import { RealtimePublisher } from '../realtime/realtime.publisher';
import type { World } from './matrix/matrix-types';
import { buildWorld } from '../../test/matrix-world';
import { collect, connectLive, type LiveClient } from '../../test/live-clients';

/** The Socket.IO half of the authorization matrix: which rooms each actor's socket is in, which cases it may follow. */
type ClientSocket = LiveClient;

const SOCKET_ACTORS = {
  acmeCaller: 'caller@acme.test',
  acmeBm: 'bm@acme.test',
  globexBm: 'bm@globex.test',
  otherBm: 'bm@nimbus.test',
  limited: 'bm@initech.test',
  superAdmin: 'admin@casebridge.test',
} as const;
type SocketActor = keyof typeof SOCKET_ACTORS | 'caseLink';

const follow = (socket: ClientSocket, caseToken: string): Promise<FollowCaseAnswer> =>
  socket.timeout(5000).emitWithAck(CLIENT_EVENTS.followCase, { case_token: caseToken });

describe('Socket.IO rooms per actor', () => {
  let api: ApiHarness;
  let world: World;
  const sockets = new Map<SocketActor, ClientSocket>();

  beforeAll(async () => {
    api = await startApi();
    ({ world } = await buildWorld(api));
    for (const [actor, email] of Object.entries(SOCKET_ACTORS)) {
      sockets.set(actor as SocketActor, await connectLive(api, { token: await tokenOf(api, email) }));
    }
    sockets.set('caseLink', await connectLive(api, { case_token: world.cases.acmeGlobex }));
  }, 120_000);
  afterAll(async () => {
    for (const socket of sockets.values()) socket.close();
    await api.close();
  });

  it('refuses a socket without a session or case link, and one with a forged session', async () => {
    await expect(connectLive(api, {})).rejects.toThrow();
    await expect(connectLive(api, { token: 'not-a-session' })).rejects.toThrow();
  });

  let probes = 0;
  /**
   * Emits one message to `room` and answers which sockets got it. A silent socket is proven silent by a closing
   * message sent next to every socket by the same path (publisher → adapter → socket): once that one arrived, the
   * probe would have arrived before it.
   */
  async function receiversOf(room: string): Promise<SocketActor[]> {
    const probe = ++probes;
    const message = (last_name: 'Probe' | 'Closing') => ({
      queue: 'registration' as const,
      row: { id: probe, first_name: 'Room', last_name, email: 'probe@acme.test', created_at: '' },
      removed: false,
    });
    const is = (last_name: 'Probe' | 'Closing') => (received: QueueChangedMessage) =>
      received.queue === 'registration' && received.row.id === probe && received.row.last_name === last_name;
    const inboxes = [...sockets].map(([actor, socket]) => ({
      actor,
      socket,
      inbox: collect(socket, SERVER_EVENTS.queueChanged),
    }));
    const publisher = api.app.get(RealtimePublisher);
    publisher.emit(room, SERVER_EVENTS.queueChanged, message('Probe'));
    // Every socket is in the room of its own id.
    publisher.emit(
      inboxes.map(({ socket }) => socket.id!),
      SERVER_EVENTS.queueChanged,
      message('Closing'),
    );
    await Promise.all(inboxes.map(({ inbox }) => inbox.next(is('Closing'))));
    inboxes.forEach(({ inbox }) => inbox.stop());
    return inboxes
      .filter(({ inbox }) => inbox.kept.some(is('Probe')))
      .map(({ actor }) => actor)
      .sort();
  }

  it('joins the company room, the company admins room and the super admins room by role', async () => {
    expect(await receiversOf(rooms.company(world.companies.acme))).toEqual(['acmeBm', 'acmeCaller']);
    expect(await receiversOf(rooms.companyAdmins(world.companies.acme))).toEqual(['acmeBm']);
    expect(await receiversOf(rooms.company(world.companies.other))).toEqual(['otherBm']);
    expect(await receiversOf(rooms.superAdmins)).toEqual(['superAdmin']);
    expect(await receiversOf(rooms.user(world.users['caller@acme.test']))).toEqual(['acmeCaller']);
  });

  it('lets a socket follow only the cases its company is part of (super admins all, a case link its own)', async () => {
    const expected: Record<SocketActor, { acmeGlobex: boolean; foreign: boolean }> = {
      acmeCaller: { acmeGlobex: true, foreign: false },
      acmeBm: { acmeGlobex: true, foreign: false },
      globexBm: { acmeGlobex: true, foreign: true },
      otherBm: { acmeGlobex: false, foreign: false },
      limited: { acmeGlobex: false, foreign: false },
      superAdmin: { acmeGlobex: true, foreign: true },
      caseLink: { acmeGlobex: true, foreign: false },
    };
    const actual: Record<string, { acmeGlobex: boolean; foreign: boolean }> = {};
    for (const [actor, socket] of sockets) {
      actual[actor] = {
        acmeGlobex: (await follow(socket, world.cases.acmeGlobex)).ok,
        foreign: (await follow(socket, world.cases.foreign)).ok,
      };
    }
    expect(actual).toEqual(expected);

    // Refused sockets are not in the case room: a case message reaches exactly the followers.
    const [{ id }] = await orm(api)
      .getConnection()
      .execute<{ id: number }[]>('select id from cases where token = ?', [world.cases.foreign]);
    expect(await receiversOf(rooms.case(id))).toEqual(['globexBm', 'superAdmin']);
  });
});
