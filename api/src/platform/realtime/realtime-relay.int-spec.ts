import { rooms, SERVER_EVENTS, type ExportStatusMessage } from '@casebridge/contracts';
import type { Company, User } from '@casebridge/db';
import { Redis } from 'ioredis';
import { waitFor } from '../../../../test/wait-for';
import { relayStreamKey, relayToBrowsers } from '../../../../test/kit/worker-parts';
import { startApi, type ApiHarness } from '../../../../test/kit/api-harness';
import { aCompany, aUser, signedIn } from '../../../../test/kit/factories';
import { collect, connectLive, type LiveClient } from '../../../test/live-clients';
import { RELAY_GROUP } from './realtime-relay.consumer';
import { RealtimePublisher } from './realtime.publisher';

type Inbox = ReturnType<typeof collect<typeof SERVER_EVENTS.exportStatus>>;

const withId = (id: number) => (received: ExportStatusMessage) => received.export_id === id;
const any = () => true;

const message = (id: number): ExportStatusMessage => ({
  export_id: id,
  status: 'ready',
  file_name: `usage.${id}.xlsx`,
  rows: id,
  error: null,
});

describe('worker → browser relay (Redis stream, consumer group api-relay) and the fan-out between instances', () => {
  let first: ApiHarness;
  let second: ApiHarness;
  let redis: Redis;
  let prefix: string;
  let room: string;
  let company: Company;
  // The manager, whose own room the events go to, and a caller of the same company.
  let manager: User;
  let caller: User;
  const sockets: LiveClient[] = [];

  beforeAll(async () => {
    first = await startApi();
    prefix = process.env.REDIS_PREFIX!;
    // A second api instance on the same database and Redis prefix, as with `--scale api=2`.
    second = await startApi({ REDIS_PREFIX: prefix, DATABASE_URL: process.env.DATABASE_URL! });
    redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: null });
    company = await aCompany(first);
    manager = await aUser(first, { company, role: 'business_manager' });
    caller = await aUser(first, { company, role: 'caller' });
    room = rooms.user(manager.id);
  });

  /** A socket of `user` on `api`, and the export statuses it receives. */
  async function listener(api: ApiHarness, user: User): Promise<Inbox> {
    const socket = await connectLive(api, { token: await signedIn(first, user) });
    sockets.push(socket);
    return collect(socket, SERVER_EVENTS.exportStatus);
  }

  /** No relay entry waits for a second delivery: every one was acknowledged. */
  const allAcknowledged = () =>
    waitFor(
      () => pending(redis, prefix),
      (count) => count === 0,
      { what: 'no pending relay entries' },
    );

  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    await second?.close();
    await first?.close();
    redis?.disconnect();
  });

  it('delivers every relayed event once to a socket on each instance, and acknowledges it', async () => {
    const onFirst = await listener(first, manager);
    const onSecond = await listener(second, manager);

    const ids = Array.from({ length: 20 }, (_, index) => index + 1);
    for (const id of ids) {
      await relayToBrowsers(redis, prefix, { room, event: SERVER_EVENTS.exportStatus, message: message(id) });
    }
    const [gotFirst, gotSecond] = await Promise.all(
      [onFirst, onSecond].map((inbox) => Promise.all(ids.map((id) => inbox.next(withId(id))))),
    );
    expect(gotFirst).toEqual(ids.map(message));
    expect(gotSecond).toEqual(ids.map(message));
    await allAcknowledged();
    // A straggler duplicate would arrive before a later event by the same path: send one more and wait for it.
    await relayToBrowsers(redis, prefix, { room, event: SERVER_EVENTS.exportStatus, message: message(21) });
    await Promise.all([onFirst, onSecond].map((inbox) => inbox.next(withId(21))));
    expect(onFirst.kept).toEqual([]);
    expect(onSecond.kept).toEqual([]);

    // Both instances read from the group: the consumers are two.
    const consumers = (await redis.xinfo('CONSUMERS', relayStreamKey(prefix), RELAY_GROUP)) as unknown[];
    expect(consumers).toHaveLength(2);
  });

  it("skips the sockets of an event's except room", async () => {
    const skipped = await listener(first, manager);
    const reached = await listener(second, caller);
    // To all of the company except the manager's own room; then one to the company with no exception, which both
    // must get.
    const toCompany = { room: rooms.company(company.id), event: SERVER_EVENTS.exportStatus };
    await relayToBrowsers(redis, prefix, { ...toCompany, except: room, message: message(300) });
    await relayToBrowsers(redis, prefix, { ...toCompany, message: message(301) });
    // In arrival order: the reached socket gets both, the skipped one only the second (the first came before it).
    expect([await reached.next(any), await reached.next(any)].map((m) => m.export_id)).toEqual([300, 301]);
    expect((await skipped.next(any)).export_id).toBe(301);
  });

  it('drops entries that are not relayable events, and keeps going', async () => {
    const inbox = await listener(first, manager);
    await redis.xadd(relayStreamKey(prefix), '*', 'event', '{not json');
    await redis.xadd(
      relayStreamKey(prefix),
      '*',
      'event',
      JSON.stringify({ room, event: 'session.ended', message: { reason: 'logout' } }),
    );
    await relayToBrowsers(redis, prefix, { room, event: SERVER_EVENTS.exportStatus, message: message(99) });
    // The first export status the socket gets is the valid event sent after the two bad entries.
    expect((await inbox.next(any)).export_id).toBe(99);
    await allAcknowledged();
  });

  it("an instance's batch reaches the other instance's sockets in its order, as one fan-out entry", async () => {
    const here = await listener(first, manager);
    const there = await listener(second, manager);
    const fanoutKey = `${prefix}:live-fanout`;
    const entriesBefore = await redis.xlen(fanoutKey);
    const batch = [700, 701, 702].map((id) => ({ room, event: SERVER_EVENTS.exportStatus, message: message(id) }));
    first.app.get(RealtimePublisher).publish(batch);
    for (const inbox of [here, there]) {
      expect([await inbox.next(any), await inbox.next(any), await inbox.next(any)]).toEqual(
        batch.map((one) => one.message),
      );
    }
    expect(await redis.xlen(fanoutKey)).toBe(entriesBefore + 1);
  });

  it('keeps fanning out after its stream vanished (Redis restarted without data)', async () => {
    const there = await listener(second, manager);
    await redis.del(`${prefix}:live-fanout`);
    first.app.get(RealtimePublisher).publish({ room, event: SERVER_EVENTS.exportStatus, message: message(800) });
    expect((await there.next(any)).export_id).toBe(800);
  });

  it('recreates its group when the stream vanished (Redis restarted without data)', async () => {
    const inbox = await listener(second, manager);
    await redis.del(relayStreamKey(prefix));
    await relayToBrowsers(redis, prefix, { room, event: SERVER_EVENTS.exportStatus, message: message(500) });
    await inbox.next(withId(500), 20_000);
  }, 30_000);
});

async function pending(redis: Redis, prefix: string): Promise<number> {
  const [count] = (await redis.xpending(relayStreamKey(prefix), RELAY_GROUP)) as [number];
  return count;
}
