import {
  rooms,
  SERVER_EVENTS,
  SOCKET_PATH,
  type ExportStatusMessage,
  type ServerToClientEvents,
} from '@casebridge/contracts';
import { User } from '@casebridge/db';
import { Redis } from 'ioredis';
import { io, type Socket } from 'socket.io-client';
import { relayStreamKey, relayToBrowsers } from '../../../worker/src/realtime/relay';
import { startApi, type ApiHarness } from '../../test/api-harness';
import { orm } from '../../test/member-fixtures';
import { RELAY_GROUP } from './realtime-relay.consumer';

type ClientSocket = Socket<ServerToClientEvents>;

function connect(api: ApiHarness, token: string): Promise<ClientSocket> {
  const socket: ClientSocket = io(api.url, {
    path: SOCKET_PATH,
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

function collect(socket: ClientSocket): ExportStatusMessage[] {
  const seen: ExportStatusMessage[] = [];
  socket.on(SERVER_EVENTS.exportStatus, (message) => seen.push(message));
  return seen;
}

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const message = (id: number): ExportStatusMessage => ({
  export_id: id,
  status: 'ready',
  file_name: `usage.${id}.xlsx`,
  rows: id,
  error: null,
});

describe('worker → browser relay (Redis stream, consumer group api-relay)', () => {
  let first: ApiHarness;
  let second: ApiHarness;
  let redis: Redis;
  let prefix: string;
  let room: string;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    first = await startApi();
    prefix = process.env.REDIS_PREFIX!;
    // A second api instance on the same database and Redis prefix, as with `--scale api=2`.
    second = await startApi({ REDIS_PREFIX: prefix, DATABASE_URL: process.env.DATABASE_URL! });
    redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: null });
    const user = await orm(first).findOneOrFail(User, { email: 'bm@acme.test' });
    room = rooms.user(user.id);
  });

  /** A socket of `email` on `api`, and the export statuses it receives. */
  async function listener(api: ApiHarness, email: string): Promise<ExportStatusMessage[]> {
    const socket = await connect(api, await first.login(email));
    sockets.push(socket);
    return collect(socket);
  }

  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    await second?.close();
    await first?.close();
    redis?.disconnect();
  });

  it('delivers every relayed event once to a socket on each instance, and acknowledges it', async () => {
    const seenFirst = await listener(first, 'bm@acme.test');
    const seenSecond = await listener(second, 'bm@acme.test');

    for (let id = 1; id <= 20; id++) {
      await relayToBrowsers(redis, prefix, { room, event: SERVER_EVENTS.exportStatus, message: message(id) });
    }
    await until(() => seenFirst.length >= 20 && seenSecond.length >= 20, 'twenty events on both sockets');
    // Everything acknowledged: no event waits for a second delivery.
    await until(async () => (await pending(redis, prefix)) === 0, 'no pending entries');
    // A straggler duplicate would arrive with the next packets: send one more and wait for it.
    await relayToBrowsers(redis, prefix, { room, event: SERVER_EVENTS.exportStatus, message: message(21) });
    await until(() => seenFirst.length >= 21 && seenSecond.length >= 21, 'the closing event');

    const ids = (seen: ExportStatusMessage[]) => seen.map((m) => m.export_id).sort((a, b) => a - b);
    const expected = Array.from({ length: 21 }, (_, index) => index + 1);
    expect(ids(seenFirst)).toEqual(expected);
    expect(ids(seenSecond)).toEqual(expected);
    expect(seenFirst.find((m) => m.export_id === 7)).toEqual(message(7));

    // Both instances read from the group: the consumers are two.
    const consumers = (await redis.xinfo('CONSUMERS', relayStreamKey(prefix), RELAY_GROUP)) as unknown[];
    expect(consumers).toHaveLength(2);
  });

  it("skips the sockets of an event's except room", async () => {
    const seenSkipped = await listener(first, 'bm@acme.test');
    const seenReached = await listener(second, 'caller@acme.test');
    const { company: acme } = await orm(first).findOneOrFail(User, { email: 'bm@acme.test' });
    // To all of Acme except the manager's own room; then one to Acme with no exception, which both must get.
    const toAcme = { room: rooms.company(acme!.id), event: SERVER_EVENTS.exportStatus };
    await relayToBrowsers(redis, prefix, { ...toAcme, except: room, message: message(300) });
    await relayToBrowsers(redis, prefix, { ...toAcme, message: message(301) });
    await until(() => seenSkipped.length >= 1 && seenReached.length >= 2, 'the events on both sockets');
    expect(seenReached.map((m) => m.export_id)).toEqual([300, 301]);
    expect(seenSkipped.map((m) => m.export_id)).toEqual([301]);
  });

  it('drops entries that are not relayable events, and keeps going', async () => {
    const seen = await listener(first, 'bm@acme.test');
    await redis.xadd(relayStreamKey(prefix), '*', 'event', '{not json');
    await redis.xadd(
      relayStreamKey(prefix),
      '*',
      'event',
      JSON.stringify({ room, event: 'session.ended', message: { reason: 'logout' } }),
    );
    await relayToBrowsers(redis, prefix, { room, event: SERVER_EVENTS.exportStatus, message: message(99) });
    await until(() => seen.length >= 1, 'the valid event');
    expect(seen.map((m) => m.export_id)).toEqual([99]);
    await until(async () => (await pending(redis, prefix)) === 0, 'no pending entries');
  });

  it('recreates its group when the stream vanished (Redis restarted without data)', async () => {
    const seen = await listener(second, 'bm@acme.test');
    await redis.del(relayStreamKey(prefix));
    await relayToBrowsers(redis, prefix, { room, event: SERVER_EVENTS.exportStatus, message: message(500) });
    await until(() => seen.some((m) => m.export_id === 500), 'the event after the stream was lost', 20_000);
  }, 30_000);
});

async function pending(redis: Redis, prefix: string): Promise<number> {
  const [count] = (await redis.xpending(relayStreamKey(prefix), RELAY_GROUP)) as [number];
  return count;
}
