import { Injectable, type OnModuleInit } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { getQueueToken } from '@nestjs/bullmq';
import { QUEUES } from '@casebridge/contracts';
import { registerQueueMetrics, type CountableQueue } from '@casebridge/server-core';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Server } from 'socket.io';

/** The route label of requests no route matched (404s of unknown paths), so scanners cannot grow the series. */
export const UNMATCHED_ROUTE = 'unmatched';

type Observer = { observe(value: number): void };
type Incrementer = { inc(): void };

/**
 * The api's Prometheus metrics, in a registry of this app's own (several apps in one test process never share
 * one). Request durations and emitted events are counted as they happen, through label children kept per label
 * set so the hot path does no label hashing; sockets, rooms and queue depths are read when scraped.
 */
@Injectable()
export class ApiMetrics implements OnModuleInit {
  readonly registry = new Registry();
  private readonly requestDurations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request to the end of its answer, by route pattern, method and status',
    labelNames: ['route', 'method', 'status_code'],
    registers: [this.registry],
  });
  private readonly eventsEmitted = new Counter({
    name: 'realtime_events_emitted_total',
    help: 'Live events the api emitted to Socket.IO rooms (one per emit, whatever the audience), by event',
    labelNames: ['event'],
    registers: [this.registry],
  });
  private readonly durationChildren = new Map<string, Observer>();
  private readonly eventChildren = new Map<string, Incrementer>();
  private sockets: Server | null = null;
  private queues: CountableQueue[] = [];

  constructor(private readonly moduleRef: ModuleRef) {
    collectDefaultMetrics({ register: this.registry });
    this.registerSocketGauges();
    registerQueueMetrics(this.registry, () => this.queues);
  }

  /** Every queue of QUEUES: the queue dashboard registers them all in the api, the ones it never sends to too. */
  onModuleInit(): void {
    this.queues = Object.values(QUEUES).map((name) =>
      this.moduleRef.get<CountableQueue>(getQueueToken(name), { strict: false }),
    );
  }

  /** The Socket.IO server whose connections and rooms are reported (the gateway's, once it is up). */
  watchSockets(server: Server): void {
    this.sockets = server;
  }

  observeRequest(route: string, method: string, statusCode: number, seconds: number): void {
    const key = `${method} ${statusCode} ${route}`;
    let child = this.durationChildren.get(key);
    if (!child) {
      child = this.requestDurations.labels(route, method, String(statusCode));
      this.durationChildren.set(key, child);
    }
    child.observe(seconds);
  }

  countEmit(event: string): void {
    let child = this.eventChildren.get(event);
    if (!child) {
      child = this.eventsEmitted.labels(event);
      this.eventChildren.set(event, child);
    }
    child.inc();
  }

  private registerSocketGauges(): void {
    const connections: Gauge = new Gauge({
      name: 'socketio_connections',
      help: 'Socket.IO clients connected to this api instance',
      registers: [this.registry],
      collect: () => connections.set(this.sockets?.engine.clientsCount ?? 0),
    });
    const rooms: Gauge = new Gauge({
      name: 'socketio_rooms',
      help: "Rooms with a socket of this api instance (each socket's own id room not counted)",
      registers: [this.registry],
      collect: () => rooms.set(this.countRooms()),
    });
  }

  private countRooms(): number {
    const adapter = this.sockets?.of('/').adapter;
    if (!adapter) return 0;
    let rooms = 0;
    for (const room of adapter.rooms.keys()) if (!adapter.sids.has(room)) rooms += 1;
    return rooms;
  }
}
