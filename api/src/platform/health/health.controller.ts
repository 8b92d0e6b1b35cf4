import { Controller, Inject, Res } from '@nestjs/common';
import { API } from '@casebridge/contracts';
import { checkReadiness } from '@casebridge/server-core';
import type { FastifyReply } from 'fastify';
import type { Redis } from 'ioredis';
import { Route } from '../common/contract-route';
import { REDIS } from '../redis/redis.module';
import { DatabaseProbe } from './database-probe';
import { ShutdownDrain } from './shutdown-drain';

@Controller()
export class HealthController {
  constructor(
    private readonly database: DatabaseProbe,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly shutdown: ShutdownDrain,
  ) {}

  /** Always 200 with what answers: the fault tests read it to see the api notice an outage. */
  @Route(API.system.health)
  async health() {
    const { database, redis } = await checkReadiness({ database: this.database, redis: this.redis });
    return { status: 'ok' as const, database, redis };
  }

  /** The process answers: an orchestrator restarts the api only when this fails. */
  @Route(API.system.live)
  live() {
    return { status: 'ok' as const };
  }

  /**
   * Whether to send the api traffic: 503 while PostgreSQL or Redis does not answer (the api answers 503 then too),
   * and while the instance drains before it stops (ShutdownDrain).
   */
  @Route(API.system.ready)
  async ready(@Res({ passthrough: true }) reply: FastifyReply) {
    const { ready, database, redis } = await checkReadiness({ database: this.database, redis: this.redis });
    const status = this.shutdown.draining ? 'draining' : ready ? 'ready' : 'unavailable';
    if (status !== 'ready') void reply.status(503);
    return { status, database, redis } as const;
  }
}
