import {
  REALTIME_RELAY_STREAM,
  rooms,
  SERVER_EVENTS,
  type CaseEventType,
  type CaseStatus,
  type RelayedEvent,
} from '@casebridge/contracts';
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

/** A case as the worker's event writers read it back from their `event_seq + 1` update. */
export interface NumberedCase {
  id: number;
  token: string;
  status: CaseStatus;
  event_seq: number;
  submitter_company_id: number;
  receiver_company_id: number;
}

/**
 * The live messages of a case event the worker wrote, as the api's CaseEventBroadcaster sends its own: the case.event
 * to the case room, and a list refresh to both companies except the case's followers (their case.event carries the
 * same token, status and seq).
 */
export function caseEventRelays(row: NumberedCase, type: CaseEventType, actor: string, at: Date): RelayedEvent[] {
  const caseRoom = rooms.case(row.id);
  const changed = { case_token: row.token, status: row.status, seq: row.event_seq };
  return [
    { room: caseRoom, event: SERVER_EVENTS.caseEvent, message: { ...changed, type, actor, at: at.toISOString() } },
    ...[...new Set([row.submitter_company_id, row.receiver_company_id])].map((companyId): RelayedEvent => ({
      room: rooms.company(companyId),
      except: caseRoom,
      event: SERVER_EVENTS.casesChanged,
      message: changed,
    })),
  ];
}
