import { Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { MESSAGES, type TokenResponse } from '@casebridge/contracts';
import { AuthSession, User } from '@casebridge/db';
import { type ServerConfig } from '@casebridge/server-core';
import { EntityManager } from '@mikro-orm/postgresql';
import jwt, { type JwtPayload } from 'jsonwebtoken';
import { createSecretKey, randomUUID, type KeyObject } from 'node:crypto';
import type { Actor } from '../access/actor';
import { readRows } from '../common/prepared-reads';
import { SERVER_CONFIG } from '../config/config.module';
import { SessionInvalidation } from './session-invalidation.service';

interface AccessClaims extends JwtPayload {
  sub: string;
  sid: string;
  jti: string;
}

/** What authenticate needs of a session, its user and the user's company: one row, no entities. */
interface SessionActorRow {
  current_jti: string;
  impersonator_id: number | null;
  user_id: number;
  role: Actor['role'];
  status: string;
  approval_status: string;
  company_id: number | null;
  company_status: string | null;
  company_membership_type: Actor['membershipType'];
}

/**
 * Read when a token is not in the session cache, so it stays one indexed lookup (auth_sessions by primary key) that
 * hydrates nothing. Every change to what it reads is announced to every instance (SessionInvalidation).
 */
export const SESSION_ACTOR_SQL = `select s.current_jti, s.impersonator_id, u.id as user_id, u.role, u.status, u.approval_status,
    u.company_id, co.status as company_status, co.membership_type as company_membership_type
  from auth_sessions s
  join users u on u.id = s.user_id
  left join companies co on co.id = u.company_id
  where s.uuid = ? and s.revoked_at is null`;

/**
 * Access tokens are short-lived JWTs bound to a server-side session. Each refresh rotates the token id (jti);
 * presenting an older jti again is treated as theft and revokes the whole session.
 */
@Injectable()
export class SessionTokenService {
  /**
   * The HMAC key as a KeyObject, made once: given the secret as text, jsonwebtoken first tries (and fails) to parse
   * it as a public key on every sign and verify, which costs more than the rest of the token work.
   */
  private readonly jwtKey: KeyObject;

  constructor(
    private readonly em: EntityManager,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
    private readonly invalidation: SessionInvalidation,
  ) {
    this.jwtKey = createSecretKey(Buffer.from(config.JWT_SECRET, 'utf8'));
  }

  async startSession(user: User, impersonator: User | null = null): Promise<TokenResponse> {
    const session = this.em.create(AuthSession, {
      uuid: randomUUID(),
      user,
      impersonator,
      currentJti: randomUUID(),
      refreshUntil: this.refreshDeadline(),
    });
    await this.em.flush();
    return this.issue(session);
  }

  /**
   * Resolves a valid, current access token to its actor; null for anything else. A token verified before is
   * answered from this process's cache (the exact string whose signature was checked, within its expiry).
   */
  async authenticate(token: string): Promise<Actor | null> {
    const cache = this.invalidation.cache;
    const cached = cache.get(token);
    if (cached) return cached;
    const mark = cache.mark();
    const read = await this.readActor(token);
    if (!read) return null;
    cache.set(token, read.actor, read.expiresAt, mark);
    return read.actor;
  }

  private async readActor(token: string): Promise<{ actor: Actor; expiresAt: number } | null> {
    const claims = this.verify(token, false);
    if (!claims || !UUID_PATTERN.test(claims.sid) || typeof claims.exp !== 'number') return null;
    const [row] = await readRows<SessionActorRow>(this.em, { sql: SESSION_ACTOR_SQL, params: [claims.sid] });
    if (!row || row.current_jti !== claims.jti) return null;
    const actor = actorOfRow(row, claims.sid);
    return actor ? { actor, expiresAt: claims.exp * 1000 } : null;
  }

  /**
   * The actor of a session that is still open, read now and never cached, with the same rules as a token: for
   * grants that outlive one request (the queue dashboard's cookie), so that signing out, a disabled account or a
   * changed role ends them at once. Null for anything else.
   */
  async actorOfSession(sessionId: string): Promise<Actor | null> {
    if (!UUID_PATTERN.test(sessionId)) return null;
    const [row] = await readRows<SessionActorRow>(this.em, { sql: SESSION_ACTOR_SQL, params: [sessionId] });
    return row ? actorOfRow(row, sessionId) : null;
  }

  /** Exchanges the current token (expired or not, within the refresh window) for a new one. */
  async refresh(token: string | null): Promise<TokenResponse> {
    const claims = token ? this.verify(token, true) : null;
    if (!claims) throw new UnauthorizedException(MESSAGES.sessionExpired);
    const session = await this.em.findOne(AuthSession, { uuid: claims.sid }, { populate: ['user', 'user.company'] });
    if (!session || session.revokedAt || session.refreshUntil < new Date() || !isUsable(usabilityOf(session.user))) {
      throw new UnauthorizedException(MESSAGES.sessionExpired);
    }
    if (session.currentJti !== claims.jti) {
      session.revokedAt = new Date();
      session.revokedReason = 'refresh_reuse';
      await this.em.flush();
      throw new UnauthorizedException(MESSAGES.sessionExpired);
    }
    session.currentJti = randomUUID();
    session.lastUsedAt = new Date();
    session.refreshUntil = this.refreshDeadline();
    await this.em.flush();
    return this.issue(session);
  }

  async revokeSession(sessionId: string, reason: string): Promise<void> {
    await this.em.nativeUpdate(
      AuthSession,
      { uuid: sessionId, revokedAt: null },
      { revokedAt: new Date(), revokedReason: reason },
    );
    await this.invalidation.afterCommit(this.em, { sessions: [sessionId] });
  }

  /** Ends every session of a user (password change or reset, disable), optionally keeping one. */
  async revokeUserSessions(userId: number, reason: string, keepSessionId?: string): Promise<void> {
    await this.em.nativeUpdate(
      AuthSession,
      { user: userId, revokedAt: null, ...(keepSessionId ? { uuid: { $ne: keepSessionId } } : {}) },
      { revokedAt: new Date(), revokedReason: reason },
    );
    await this.invalidation.afterCommit(this.em, { users: [userId] });
  }

  private issue(session: AuthSession): TokenResponse {
    const claims = { sub: String(session.user.id), sid: session.uuid, jti: session.currentJti };
    const accessToken = jwt.sign(claims, this.jwtKey, {
      algorithm: 'HS256',
      expiresIn: this.config.ACCESS_TOKEN_TTL,
    });
    return { access_token: accessToken, token_type: 'bearer', expires_in: this.config.ACCESS_TOKEN_TTL };
  }

  private verify(token: string, ignoreExpiration: boolean): AccessClaims | null {
    try {
      const claims = jwt.verify(token, this.jwtKey, { algorithms: ['HS256'], ignoreExpiration });
      if (typeof claims !== 'object' || typeof claims.sid !== 'string' || typeof claims.jti !== 'string') return null;
      return claims as AccessClaims;
    } catch {
      return null;
    }
  }

  private refreshDeadline(): Date {
    return new Date(Date.now() + this.config.REFRESH_WINDOW * 1000);
  }
}

/** A session's uuid claim; anything else would only make PostgreSQL refuse the uuid cast. */
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface Usability {
  status: string;
  approvalStatus: string;
  role: string;
  companyStatus: string | null;
}

const usabilityOf = (user: User): Usability => ({
  status: user.status,
  approvalStatus: user.approvalStatus,
  role: user.role,
  companyStatus: user.company?.status ?? null,
});

/** The actor a session row stands for, or null when its user may not act (isUsable). */
function actorOfRow(row: SessionActorRow, sessionId: string): Actor | null {
  const usable = isUsable({
    status: row.status,
    approvalStatus: row.approval_status,
    role: row.role,
    companyStatus: row.company_status,
  });
  if (!usable) return null;
  return {
    userId: row.user_id,
    role: row.role,
    companyId: row.company_id,
    membershipType: row.company_membership_type,
    sessionId,
    impersonatorId: row.impersonator_id,
  };
}

/** Sessions of disabled users or users of disabled companies stop working at once. */
function isUsable(user: Usability): boolean {
  if (user.status !== 'active' || user.approvalStatus !== 'approved') return false;
  return user.role === 'super_admin' || user.companyStatus === 'active';
}
