import { REALTIME_RELAY_STREAM, type RelayedEvent } from '@casebridge/contracts';
import { Redis } from 'ioredis';

/** Roughly how many relayed events the stream keeps; the api consumes them within seconds. */
export const RELAY_STREAM_MAX_LENGTH = 10_000;

/** The stream key of the relay under a Redis prefix. */
export function relayStreamKey(prefix: string): string {
  return `${prefix}:${REALTIME_RELAY_STREAM}`;
}

/**
 * Hands an event to the browsers: the worker has no sockets, so it appends the event to a Redis stream that
 * the api consumes (one api instance per event) and emits to the room. Returns the stream entry id.
 * `redis` must be a connection without keyPrefix (the key carries the prefix itself).
 */
export async function relayToBrowsers(redis: Redis, prefix: string, event: RelayedEvent): Promise<string> {
  const id = await redis.xadd(
    relayStreamKey(prefix),
    'MAXLEN',
    '~',
    String(RELAY_STREAM_MAX_LENGTH),
    '*',
    'event',
    JSON.stringify(event),
  );
  if (!id) throw new Error('XADD to the realtime relay stream returned no id');
  return id;
}
