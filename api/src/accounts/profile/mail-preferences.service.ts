import { Injectable } from '@nestjs/common';
import {
  isLockedMailKind,
  MAIL_KIND_INFO,
  MAIL_KINDS,
  type MailPreferencesBody,
  type MailPreferencesResponse,
} from '@casebridge/contracts';
import { mailPreferencesOf, saveMailPreferences, type SqlRunner } from '@casebridge/db';
import { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import type { Actor } from '../../platform/access/actor';

/**
 * The profile page's mail preferences: per kind of mail immediately, in the daily digest or not at all, and the time
 * zone whose morning the digest waits for. The contract has refused unknown kinds and changes of locked kinds; the
 * mail worker and the digest read what is stored here.
 */
@Injectable()
export class MailPreferencesService {
  constructor(private readonly em: EntityManager) {}

  async get(actor: Actor): Promise<MailPreferencesResponse> {
    return this.read((sql, params) => this.em.execute(sql, [...params]), actor.userId);
  }

  /** Time zone and choices in one transaction: all of the change or none of it. */
  async update(actor: Actor, body: z.output<typeof MailPreferencesBody>): Promise<MailPreferencesResponse> {
    return this.em.transactional(async (em) => {
      const run: SqlRunner = (sql, params) => em.execute(sql, [...params]);
      if (body.time_zone !== undefined) {
        await run(`update users set time_zone = ?, updated_at = now() where id = ?`, [body.time_zone, actor.userId]);
      }
      await saveMailPreferences(run, actor.userId, body.preferences);
      return this.read(run, actor.userId);
    });
  }

  private async read(run: SqlRunner, userId: number): Promise<MailPreferencesResponse> {
    const [user] = await run<{ time_zone: string | null }>(`select time_zone from users where id = ?`, [userId]);
    const deliveries = await mailPreferencesOf(run, userId);
    return {
      time_zone: user?.time_zone ?? null,
      preferences: MAIL_KINDS.map((kind) => {
        const info = MAIL_KIND_INFO[kind];
        return {
          kind,
          label: info.label,
          description: info.description,
          delivery: deliveries[kind],
          deliveries: [...info.deliveries],
          locked: isLockedMailKind(kind),
          locked_reason: info.lockedReason ?? null,
        };
      }),
    };
  }
}
