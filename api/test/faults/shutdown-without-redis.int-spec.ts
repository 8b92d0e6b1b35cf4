import { hideRedisOutageNoise } from '../../../worker/test/faults/support/outage-noise';
import { PrivateRedis } from '../../../worker/test/faults/support/private-redis';
import { settleWithin } from '../../../worker/test/faults/support/timing';
import { startApi, type ApiHarness } from '../api-harness';
import { aCompany, aUser, signedIn } from '../factories';
import { connectLive } from '../live-clients';

/** A shutdown still running after this is hanging (a bound for a broken run, not a timing target). */
const SHUTDOWN_BOUND_MS = 60_000;

/**
 * An api whose Redis went away must still stop when told to (a deploy or a restart during an outage), instead of
 * waiting for Redis to come back: every connection it holds (queues, cache, session invalidation, the Socket.IO
 * adapter, the relay consumer's blocking read) is given up.
 */
describe('shutting the api down while Redis is away', () => {
  let redis: PrivateRedis;
  let api: ApiHarness | undefined;

  beforeAll(async () => {
    hideRedisOutageNoise();
    redis = await PrivateRedis.start();
    api = await startApi({ REDIS_URL: redis.url });
  }, 120_000);
  afterAll(async () => {
    if (api) await settleWithin(api.close(), 15_000);
    await redis?.destroy();
  });

  it(
    'closes without waiting for Redis',
    async () => {
      const running = api!;
      // Every Redis connection in use: a signed-in request (the session cache and its invalidation channel) and a
      // live socket (the adapter's streams); the relay consumer reads from its start.
      const user = await aUser(running, { company: await aCompany(running), role: 'caller' });
      const socket = await connectLive(running, { token: await signedIn(running, user) });

      await redis.kill();
      let timer: NodeJS.Timeout | undefined;
      const outcome = await Promise.race([
        running.close().then(() => 'closed' as const),
        new Promise<'still waiting'>(
          (resolve) => (timer = setTimeout(() => resolve('still waiting'), SHUTDOWN_BOUND_MS)),
        ),
      ]);
      clearTimeout(timer);
      socket.close();
      if (outcome === 'closed') api = undefined;

      expect(outcome).toBe('closed');
    },
    SHUTDOWN_BOUND_MS + 30_000,
  );
});
