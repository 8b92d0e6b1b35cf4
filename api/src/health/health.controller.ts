import { Controller, Inject } from '@nestjs/common';
import { API } from '@casebridge/contracts';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Redis } from 'ioredis';
import { Route } from '../common/contract-route';
import { REDIS } from '../redis/redis.module';

@Controller()
export class HealthController {
  constructor(
    private readonly em: EntityManager,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  @Route(API.system.health)
  async health() {
    const [database, redis] = await Promise.all([
      this.em
        .getConnection()
        .execute('select 1')
        .then(() => true)
        .catch(() => false),
      this.redis
        .ping()
        .then(() => true)
        .catch(() => false),
    ]);
    return { status: 'ok' as const, database, redis };
  }
}
