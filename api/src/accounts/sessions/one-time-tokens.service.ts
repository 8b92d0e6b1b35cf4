import { Injectable } from '@nestjs/common';
import type { OneTimeTokenPurpose } from '@casebridge/contracts';
import { OneTimeToken, User } from '@casebridge/db';
import { EntityManager } from '@mikro-orm/postgresql';
import { createHash, randomBytes } from 'node:crypto';

/** Lifetimes of the link tokens, in minutes. */
export const TOKEN_LIFETIME_MINUTES: Record<OneTimeTokenPurpose, number> = {
  verification: 7 * 24 * 60,
  password_reset: 60,
  login_link: 30,
  auto_login: 24 * 60,
  registration_approval: 14 * 24 * 60,
  email_change: 24 * 60,
};

export function hashToken(rawToken: string): string {
  return createHash('sha256').update(rawToken).digest('hex');
}

/**
 * Link tokens (verification, reset, login link, approval). The raw token travels only in the mail;
 * the database keeps its sha256, so a leaked table cannot be replayed.
 */
@Injectable()
export class OneTimeTokens {
  constructor(private readonly em: EntityManager) {}

  /** Creates a token (persisted on the next flush) and returns the raw value for the link. */
  issue(
    user: User,
    purpose: OneTimeTokenPurpose,
    data: Record<string, unknown> | null = null,
  ): { raw: string; token: OneTimeToken } {
    const raw = randomBytes(32).toString('base64url');
    const token = this.em.create(OneTimeToken, {
      tokenHash: hashToken(raw),
      purpose,
      user,
      data,
      expiresAt: new Date(Date.now() + TOKEN_LIFETIME_MINUTES[purpose] * 60_000),
    });
    return { raw, token };
  }

  /** The unused, unexpired token of one of these purposes, with its user and company; null otherwise. */
  async find(raw: string, purposes: OneTimeTokenPurpose[]): Promise<OneTimeToken | null> {
    if (!raw || raw.length > 200) return null;
    const token = await this.em.findOne(
      OneTimeToken,
      { tokenHash: hashToken(raw), purpose: { $in: purposes } },
      { populate: ['user', 'user.company'] },
    );
    if (!token || token.usedAt || token.expiresAt < new Date()) return null;
    return token;
  }

  /**
   * Uses the token if nobody did before, in one conditional statement: of parallel requests with the same link
   * exactly one gets true. Callers check what they must first (e.g. the e-mail of a reset), then claim, then act.
   */
  async claim(token: OneTimeToken): Promise<boolean> {
    const now = new Date();
    const claimed = await this.em.nativeUpdate(
      OneTimeToken,
      { id: token.id, usedAt: null, expiresAt: { $gt: now } },
      { usedAt: now },
    );
    return claimed === 1;
  }

  /** Voids the user's unused links of one purpose: a newly sent reset link replaces the older ones. */
  async voidOutstanding(user: User, purpose: OneTimeTokenPurpose): Promise<void> {
    await this.em.nativeUpdate(OneTimeToken, { user, purpose, usedAt: null }, { usedAt: new Date() });
  }
}
