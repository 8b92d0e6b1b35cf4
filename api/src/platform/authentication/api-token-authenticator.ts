import { Injectable } from '@nestjs/common';
import { ApiToken, type User } from '@casebridge/db';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Actor } from '../access/actor';
import { hashApiToken } from './api-token-secret';
import { touchLastUse } from './last-use';

/** Longer than any token we issue; anything beyond is refused without a database query. */
const MAX_RAW_TOKEN_LENGTH = 200;

/** Resolves `Authorization: Bearer cbk_...` to the token user's actor, for AccessGuard. */
@Injectable()
export class ApiTokenAuthenticator {
  constructor(private readonly em: EntityManager) {}

  /** The actor of a live token of a usable api user; null for anything else (the guard answers 401). */
  async authenticate(raw: string): Promise<Actor | null> {
    if (raw.length > MAX_RAW_TOKEN_LENGTH) return null;
    const token = await this.em.findOne(
      ApiToken,
      { tokenHash: hashApiToken(raw), revokedAt: null },
      { populate: ['user', 'user.company'] },
    );
    if (!token || !isUsableApiUser(token.user)) return null;
    // At most once a minute, so a busy integration does not write on every call.
    await touchLastUse(this.em, ApiToken, token);
    return {
      userId: token.user.id,
      role: token.user.role,
      companyId: token.user.company?.id ?? null,
      membershipType: token.user.company?.membershipType ?? null,
      // Not a session: logout and password changes, which use it, are refused to API tokens.
      sessionId: `api-token:${token.id}`,
      impersonatorId: null,
      apiTokenId: token.id,
    };
  }
}

/**
 * A token acts only while its user could sign in and is still of role api: disabling the user or the company,
 * or giving the user another role, stops its tokens at once (checked per request, like sessions).
 */
export function isUsableApiUser(user: User): boolean {
  return (
    user.role === 'api' &&
    user.status === 'active' &&
    user.approvalStatus === 'approved' &&
    user.company?.status === 'active'
  );
}
