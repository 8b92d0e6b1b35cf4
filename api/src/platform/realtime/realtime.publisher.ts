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
import { LiveFanout } from './live-fanout';

/** How often a stopping instance lets another batch of its sockets go (see releaseSockets). */
const RELEASE_STEP_MS = 100;

/** The sockets opened with one sign-in session (logout ends only that session's sockets). */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/**
 * The one way the api pushes to browsers: typed events to rooms, reaching the sockets of every api instance. The
 * messages of case events (`publish`) go to the other instances as one LiveFanout entry per batch; single messages
 * (`emit`: presence, attention, export status, session ends) through the Socket.IO Redis Streams adapter. Before
 * the gateway is up (or in a process without one) this instance has no sockets: clients catch up from the case log
 * when they follow a case again.
 */
@Injectable()
export class RealtimePublisher {
  private server: Server | null = null;
  private accepting = true;

  constructor(
    private readonly metrics: ApiMetrics,
    private readonly fanout: LiveFanout,
  ) {
    fanout.onRemoteBatch((batch) => this.emitLocally(batch));
  }

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

  /**
   * Sends messages built for rooms (a case event's audiences, the companies' lists, the queue, the watchers, the
   * worker's relay), in their order: to this instance's sockets at once, to the other instances' in one batch.
   */
  publish(batch: RelayedEvent | readonly RelayedEvent[]): void {
    const messages: readonly RelayedEvent[] = Array.isArray(batch) ? batch : [batch as RelayedEvent];
    for (const relayed of messages) this.metrics.countEmit(relayed.event);
    this.emitLocally(messages);
    this.fanout.send(messages);
  }

  private emitLocally(batch: readonly RelayedEvent[]): void {
    if (!this.server) return;
    const held = this.server.of('/').adapter.rooms;
    for (const { room, except, event, message } of batch) {
      const rooms = typeof room === 'string' ? [room] : room;
      // Most rooms are empty on most instances (nobody here has that case open): no packet is encoded for them.
      if (!rooms.some((name) => held.has(name))) continue;
      this.server.local
        .to(rooms)
        .except(except ?? [])
        .emit(event, message as never);
    }
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
