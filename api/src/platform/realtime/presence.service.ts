import { Inject, Injectable } from '@nestjs/common';
import type { PresenceMessage } from '@casebridge/contracts';
import type { Redis } from 'ioredis';
import { REDIS } from '../redis/redis.module';

export interface Viewer {
  /** One person, however many tabs: user-{id} or link-{socket id}. */
  key: string;
  name: string;
  company: string | null;
  typing: boolean;
}

/** Stale entries of a crashed instance disappear with the key. */
const PRESENCE_TTL_SECONDS = 3600;

/** Who is on a case now, across api instances: a Redis hash per case, one field per socket. */
@Injectable()
export class PresenceService {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async join(caseId: number, socketId: string, viewer: Viewer): Promise<void> {
    await this.redis
      .multi()
      .hset(this.key(caseId), socketId, JSON.stringify(viewer))
      .expire(this.key(caseId), PRESENCE_TTL_SECONDS)
      .exec();
  }

  async setTyping(caseId: number, socketId: string, typing: boolean): Promise<boolean> {
    const current = await this.redis.hget(this.key(caseId), socketId);
    if (!current) return false;
    await this.join(caseId, socketId, { ...(JSON.parse(current) as Viewer), typing });
    return true;
  }

  async leave(caseId: number, socketId: string): Promise<void> {
    await this.redis.hdel(this.key(caseId), socketId);
  }

  async viewers(caseId: number, caseToken: string): Promise<PresenceMessage> {
    const entries = Object.values(await this.redis.hgetall(this.key(caseId))).map(
      (value) => JSON.parse(value) as Viewer,
    );
    const byPerson = new Map<string, Viewer>();
    for (const viewer of entries) {
      const known = byPerson.get(viewer.key);
      byPerson.set(viewer.key, known ? { ...known, typing: known.typing || viewer.typing } : viewer);
    }
    return { case_token: caseToken, viewers: [...byPerson.values()].sort((a, b) => a.name.localeCompare(b.name)) };
  }

  private key(caseId: number): string {
    return `presence:case:${caseId}`;
  }
}
