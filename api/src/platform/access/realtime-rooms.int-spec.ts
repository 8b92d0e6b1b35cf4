import {
  CLIENT_EVENTS,
  rooms,
  SERVER_EVENTS,
  type FollowCaseAnswer,
  type QueueChangedMessage,
} from '@casebridge/contracts';
import type { Case, Company, User } from '@casebridge/db';
import { startApi, type ApiHarness } from '../../../../test/kit/api-harness';
import { aCase, aCaseRow, aCompany, aProcess, aSuperAdmin, aUser, signedIn } from '../../../../test/kit/factories';
import { RealtimePublisher } from '../realtime/realtime.publisher';
import { collect, connectLive, type LiveClient } from '../../../test/live-clients';

/** The Socket.IO half of the authorization matrix: which rooms each actor's socket is in, which cases it may follow. */
type ClientSocket = LiveClient;

/**
 * The actors with a socket: a caller and a business manager of our company, the business manager of the partner that
 * receives our case (and a foreign one), of a company in neither case, of a limited member, and a super admin.
 */
const SOCKET_ACTORS = ['ourCaller', 'ourBm', 'partnerBm', 'otherBm', 'limited', 'superAdmin'] as const;
type SocketActor = (typeof SOCKET_ACTORS)[number] | 'caseLink';

const follow = (socket: ClientSocket, caseToken: string): Promise<FollowCaseAnswer> =>
  socket.timeout(5000).emitWithAck(CLIENT_EVENTS.followCase, { case_token: caseToken });

describe('Socket.IO rooms per actor', () => {
  let api: ApiHarness;
  let ours: Company;
  let other: Company;
  let users: Record<(typeof SOCKET_ACTORS)[number], User>;
  /** Our open case to the partner, and a case between the partner and a third company. */
  let ourCase: Case;
  let foreignCase: Case;
  const sockets = new Map<SocketActor, ClientSocket>();

  beforeAll(async () => {
    api = await startApi();
    ours = await aCompany(api);
    const partner = await aCompany(api);
    other = await aCompany(api);
    const partnerProcess = await aProcess(api, { company: partner });
    users = {
      ourCaller: await aUser(api, { company: ours, role: 'caller' }),
      ourBm: await aUser(api, { company: ours, role: 'business_manager' }),
      partnerBm: await aUser(api, { company: partner, role: 'business_manager' }),
      otherBm: await aUser(api, { company: other, role: 'business_manager' }),
      limited: await aUser(api, {
        company: await aCompany(api, { membershipType: 'limited' }),
        role: 'business_manager',
      }),
      superAdmin: await aSuperAdmin(api),
    };
    ourCase = await aCase(api, { from: users.ourCaller, to: partnerProcess });
    const thirdCaller = await aUser(api, { company: await aCompany(api), role: 'caller' });
    foreignCase = await aCaseRow(api, { from: thirdCaller, to: partnerProcess });
    for (const actor of SOCKET_ACTORS) {
      sockets.set(actor, await connectLive(api, { token: await signedIn(api, users[actor]) }));
    }
    sockets.set('caseLink', await connectLive(api, { case_token: ourCase.token }));
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
      row: { id: probe, first_name: 'Room', last_name, email: 'probe@rooms.test', created_at: '' },
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
    expect(await receiversOf(rooms.company(ours.id))).toEqual(['ourBm', 'ourCaller']);
    expect(await receiversOf(rooms.companyAdmins(ours.id))).toEqual(['ourBm']);
    expect(await receiversOf(rooms.company(other.id))).toEqual(['otherBm']);
    expect(await receiversOf(rooms.superAdmins)).toEqual(['superAdmin']);
    expect(await receiversOf(rooms.user(users.ourCaller.id))).toEqual(['ourCaller']);
  });

  it('lets a socket follow only the cases its company is part of (super admins all, a case link its own)', async () => {
    const expected: Record<SocketActor, { ourCase: boolean; foreign: boolean }> = {
      ourCaller: { ourCase: true, foreign: false },
      ourBm: { ourCase: true, foreign: false },
      partnerBm: { ourCase: true, foreign: true },
      otherBm: { ourCase: false, foreign: false },
      limited: { ourCase: false, foreign: false },
      superAdmin: { ourCase: true, foreign: true },
      caseLink: { ourCase: true, foreign: false },
    };
    const actual: Record<string, { ourCase: boolean; foreign: boolean }> = {};
    for (const [actor, socket] of sockets) {
      actual[actor] = {
        ourCase: (await follow(socket, ourCase.token)).ok,
        foreign: (await follow(socket, foreignCase.token)).ok,
      };
    }
    expect(actual).toEqual(expected);

    // Refused sockets are not in the case room: a case message reaches exactly the followers.
    expect(await receiversOf(rooms.case(foreignCase.id))).toEqual(['partnerBm', 'superAdmin']);
  });
});
