import { Inject, Injectable, Logger, type BeforeApplicationShutdown } from '@nestjs/common';
import type { ServerConfig } from '@casebridge/server-core';
import { setTimeout as sleep } from 'node:timers/promises';
import { SERVER_CONFIG } from '../config/config.module';
import { RealtimePublisher } from '../realtime/realtime.publisher';

/**
 * A graceful stop behind a load balancer. On SIGTERM the instance first turns not-ready (GET /api/health/ready
 * answers 503 "draining"), refuses new sockets and keeps serving for SHUTDOWN_DRAIN_MS, long enough for the
 * balancer's health checks to take it out of rotation. In the second half of that time it lets its sockets go a
 * few at a time (clients reconnect through the balancer to another instance and resume with connection-state
 * recovery or their last sequence numbers), so the others take them over gradually. Then Nest closes it: Fastify
 * stops listening and waits for the requests in flight before the database and Redis connections close
 * (onApplicationShutdown runs after the HTTP server has closed).
 */
@Injectable()
export class ShutdownDrain implements BeforeApplicationShutdown {
  private readonly logger = new Logger('ShutdownDrain');
  private drainingSince: number | null = null;

  constructor(
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
    private readonly sockets: RealtimePublisher,
  ) {}

  get draining(): boolean {
    return this.drainingSince !== null;
  }

  /** Turns not-ready and waits out the drain time. A close without a signal (tests, scripts) does not wait. */
  async beforeApplicationShutdown(signal?: string): Promise<void> {
    if (!signal) return;
    await this.drain(this.config.SHUTDOWN_DRAIN_MS);
  }

  async drain(waitMs: number): Promise<void> {
    if (this.drainingSince === null) {
      this.drainingSince = Date.now();
      this.logger.log(`draining: not ready for ${waitMs} ms, then closing after the requests in flight`);
    }
    this.sockets.stopAccepting();
    // The first half for the balancer to notice, the second to hand the sockets over.
    if (waitMs > 0) await sleep(waitMs / 2);
    await this.sockets.releaseSockets(waitMs / 2);
  }
}
