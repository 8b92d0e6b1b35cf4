import {
  CLIENT_EVENTS,
  SOCKET_PATH,
  type ClientToServerEvents,
  type FollowCaseAnswer,
  type ServerToClientEvents,
} from '@casebridge/contracts';
import { io, type Socket } from 'socket.io-client';
import type { ApiHarness } from '../../test/kit/api-harness';

export type LiveClient = Socket<ServerToClientEvents, ClientToServerEvents>;
type EventName = keyof ServerToClientEvents;
export type MessageOf<E extends EventName> = Parameters<ServerToClientEvents[E]>[0];

/** A socket as a browser opens it (`auth: { token }` signed in, `{ case_token }` on a public page). */
export function connectLive(api: ApiHarness, auth: Record<string, string>): Promise<LiveClient> {
  const socket: LiveClient = io(api.url, {
    path: SOCKET_PATH,
    auth,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

export function followCase(socket: LiveClient, caseToken: string, afterSeq?: number): Promise<FollowCaseAnswer> {
  return socket.timeout(5000).emitWithAck(CLIENT_EVENTS.followCase, { case_token: caseToken, after_seq: afterSeq });
}

/**
 * Every message of `event` a socket gets, kept in arrival order from now on; `next(match)` resolves with the first
 * kept or coming message that passes `match` (and drops it from `kept`), failing after `timeoutMs` (10 s).
 */
export function collect<E extends EventName>(socket: LiveClient, event: E) {
  const kept: MessageOf<E>[] = [];
  const waiting: { match: (message: MessageOf<E>) => boolean; resolve: (message: MessageOf<E>) => void }[] = [];
  const listener = (message: MessageOf<E>) => {
    const index = waiting.findIndex((waiter) => waiter.match(message));
    if (index >= 0) waiting.splice(index, 1)[0].resolve(message);
    else kept.push(message);
  };
  socket.on(event, listener as never);
  return {
    kept,
    next(match: (message: MessageOf<E>) => boolean, timeoutMs = 10_000): Promise<MessageOf<E>> {
      const index = kept.findIndex(match);
      if (index >= 0) return Promise.resolve(kept.splice(index, 1)[0]);
      return new Promise((resolve, reject) => {
        const waiter = {
          match,
          resolve: (message: MessageOf<E>) => {
            clearTimeout(timer);
            resolve(message);
          },
        };
        const timer = setTimeout(() => {
          // A message coming later is kept for the test's own assertions, not handed to a wait that gave up.
          waiting.splice(waiting.indexOf(waiter), 1);
          reject(new Error(`no matching ${event} after ${timeoutMs} ms`));
        }, timeoutMs);
        waiting.push(waiter);
      });
    },
    stop: () => socket.off(event, listener as never),
  };
}
