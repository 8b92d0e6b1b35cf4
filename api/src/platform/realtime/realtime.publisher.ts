import { Injectable } from '@nestjs/common';
import {
  rooms as roomNames,
  SERVER_EVENTS,
  type RelayedEvent,
  type ServerToClientEvents,
  type SessionEndedMessage,
} from '@casebridge/contracts';
import type { Server } from 'socket.io';
import { setTimeout as sleep } from 'node:timers/promises';
import { ApiMetrics } from '../metrics/api-metrics';

/** How often a stopping instance lets another batch of its sockets go (see releaseSockets). */
const RELEASE_STEP_MS = 100;

/** The sockets opened with one sign-in session (logout ends only that session's sockets). */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/**
 * The one way the api pushes to browsers: typed events to rooms. Through the Redis Streams adapter an emit reaches
 * the sockets of every api instance. Before the gateway is up (or in a process without one) emits are dropped:
 * clients catch up from the case log when they follow a case again.
 */
@Injectable()
export class RealtimePublisher {
  private server: Server | null = null;
  private accepting = true;

  constructor(private readonly metrics: ApiMetrics) {}

  /** False once the instance is stopping: new sockets should connect to another one. */
  get acceptsSockets(): boolean {
    return this.accepting;
  }

  /** The instance is stopping: handshakes are refused from now on (the client tries again, elsewhere). */
  stopAccepting(): void {
    this.accepting = false;
  }

  /**
   * Closes this instance's sockets (after stopAccepting, so none comes back here) in even batches over `windowMs`,
   * each as a lost connection: the client reconnects by itself, through the balancer to another instance, and
   * catches up. All at once, a thousand sockets arrived at the other instances in the same second, and their
   * handshakes and follows held up those instances' requests for seconds (the rolling restart of the chaos test).
   */
  async releaseSockets(windowMs: number): Promise<void> {
    const sockets = [...(this.server?.of('/').sockets.values() ?? [])];
    const steps = Math.max(1, Math.min(sockets.length, Math.floor(windowMs / RELEASE_STEP_MS)));
    const batch = Math.ceil(sockets.length / steps);
    for (let start = 0; start < sockets.length; start += batch) {
      if (start > 0) await sleep(windowMs / steps);
      for (const socket of sockets.slice(start, start + batch)) socket.conn.close();
    }
  }

  attach(server: Server): void {
    this.server = server;
    this.metrics.watchSockets(server);
  }

  emit<E extends keyof ServerToClientEvents>(
    rooms: string | string[],
    event: E,
    ...message: Parameters<ServerToClientEvents[E]>
  ): void {
    if (!this.server) return;
    this.metrics.countEmit(event);
    this.server.to(rooms).emit(event, ...message);
  }

  /** As emit, but skips the sockets that are also in `except`, when given (they get the same news another way). */
  emitExcept<E extends keyof ServerToClientEvents>(
    rooms: string | string[],
    except: string | undefined,
    event: E,
    ...message: Parameters<ServerToClientEvents[E]>
  ): void {
    if (!this.server) return;
    this.metrics.countEmit(event);
    this.server
      .to(rooms)
      .except(except ?? [])
      .emit(event, ...message);
  }

  /** Sends one message built for a room (a case event's audience, a company's list, the worker's relay). */
  publish(relayed: RelayedEvent): void {
    this.emitExcept(relayed.room, relayed.except, relayed.event, relayed.message as never);
  }

  /** Ends the sockets of a user (disabled account, logout everywhere). */
  disconnectRoom(room: string): void {
    this.server?.in(room).disconnectSockets(true);
  }

  /** Tells the open pages of one session why, then closes their sockets (logout). */
  endSession(sessionId: string, reason: SessionEndedMessage['reason']): void {
    this.endRoom(sessionRoom(sessionId), reason);
  }

  /** Tells every open page of a user why, then closes their sockets; their next request answers 401. */
  endUser(userId: number, reason: SessionEndedMessage['reason']): void {
    this.endRoom(roomNames.user(userId), reason);
  }

  private endRoom(room: string, reason: SessionEndedMessage['reason']): void {
    this.emit(room, SERVER_EVENTS.sessionEnded, { reason });
    this.disconnectRoom(room);
  }
}
