import { Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { MESSAGES, type TokenResponse } from '@casebridge/contracts';
import { AuthSession, User, type ServerConfig } from '@casebridge/db';
import { EntityManager } from '@mikro-orm/postgresql';
import jwt, { type JwtPayload } from 'jsonwebtoken';
import { randomUUID } from 'node:crypto';
import type { Actor } from '../access/actor';
import { SERVER_CONFIG } from '../config/config.module';

interface AccessClaims extends JwtPayload {
  sub: string;
  sid: string;
  jti: string;
}

/**
 * Access tokens are short-lived JWTs bound to a server-side session. Each refresh rotates the token id (jti);
 * presenting an older jti again is treated as theft and revokes the whole session.
 */
@Injectable()
export class SessionTokenService {
  constructor(
    private readonly em: EntityManager,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

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

  /** Resolves a valid, current access token to its actor; null for anything else. */
  async authenticate(token: string): Promise<Actor | null> {
    const claims = this.verify(token, false);
    if (!claims) return null;
    const session = await this.em.findOne(
      AuthSession,
      { uuid: claims.sid, revokedAt: null },
      { populate: ['user', 'user.company'] },
    );
    if (!session || session.currentJti !== claims.jti || !isUsable(session.user)) return null;
    return {
      userId: session.user.id,
      role: session.user.role,
      companyId: session.user.company?.id ?? null,
      sessionId: session.uuid,
      impersonatorId: session.impersonator?.id ?? null,
    };
  }

  /** Exchanges the current token (expired or not, within the refresh window) for a new one. */
  async refresh(token: string | null): Promise<TokenResponse> {
    const claims = token ? this.verify(token, true) : null;
    if (!claims) throw new UnauthorizedException(MESSAGES.sessionExpired);
    const session = await this.em.findOne(AuthSession, { uuid: claims.sid }, { populate: ['user', 'user.company'] });
    if (!session || session.revokedAt || session.refreshUntil < new Date() || !isUsable(session.user)) {
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
  }

  /** Ends every session of a user (password change or reset, disable), optionally keeping one. */
  async revokeUserSessions(userId: number, reason: string, keepSessionId?: string): Promise<void> {
    await this.em.nativeUpdate(
      AuthSession,
      { user: userId, revokedAt: null, ...(keepSessionId ? { uuid: { $ne: keepSessionId } } : {}) },
      { revokedAt: new Date(), revokedReason: reason },
    );
  }

  private issue(session: AuthSession): TokenResponse {
    const claims = { sub: String(session.user.id), sid: session.uuid, jti: session.currentJti };
    const accessToken = jwt.sign(claims, this.config.JWT_SECRET, {
      algorithm: 'HS256',
      expiresIn: this.config.ACCESS_TOKEN_TTL,
    });
    return { access_token: accessToken, token_type: 'bearer', expires_in: this.config.ACCESS_TOKEN_TTL };
  }

  private verify(token: string, ignoreExpiration: boolean): AccessClaims | null {
    try {
      const claims = jwt.verify(token, this.config.JWT_SECRET, { algorithms: ['HS256'], ignoreExpiration });
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

/** Sessions of disabled users or users of disabled companies stop working at once. */
function isUsable(user: User): boolean {
  if (user.status !== 'active' || user.approvalStatus !== 'approved') return false;
  return user.role === 'super_admin' || user.company?.status === 'active';
}
