import { ForbiddenException, Inject, Injectable, NotFoundException, UnauthorizedException } from '@nestjs/common';
import { membershipLevel, MESSAGES, routePath, type MeResponse, type TokenResponse } from '@casebridge/contracts';
import { LoginEvent, normalizeEmail, User } from '@casebridge/db';
import { hashPassword, verifyPassword, type ServerConfig } from '@casebridge/server-core';
import { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import type { LoginBody, ResetPasswordBody } from '@casebridge/contracts';
import type { Actor } from '../../platform/access/actor';
import { toCompanySummary, toCurrentUser } from '../account.mappers';
import { ValidationException } from '../../platform/common/errors';
import { SERVER_CONFIG } from '../../platform/config/config.module';
import { accountMails } from '../account-mails';
import { MailProducer } from '../../platform/mail/mail.producer';
import { RealtimePublisher } from '../../platform/realtime/realtime.publisher';
import { RateLimiter } from '../../platform/redis/rate-limiter.service';
import { OneTimeTokens } from './one-time-tokens.service';
import { SessionTokenService } from '../../platform/authentication/session-token.service';
import { signInRefusal } from './sign-in-rules';

/** Hash checked when the e-mail is unknown, so a miss costs as long as a hit. */
const TIMING_DECOY_HASH = hashPassword('timing-decoy-Passw0rd!');

@Injectable()
export class AuthService {
  constructor(
    private readonly em: EntityManager,
    private readonly sessions: SessionTokenService,
    private readonly tokens: OneTimeTokens,
    private readonly mail: MailProducer,
    private readonly rateLimiter: RateLimiter,
    private readonly publisher: RealtimePublisher,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async login(body: z.output<typeof LoginBody>, ip: string): Promise<TokenResponse> {
    // Attempts are counted before the password is checked, per account and, more loosely, per address (an office
    // shares one); a success gives its attempts back, so only failures lock anyone out.
    const accountKey = `login:account:${body.email}`;
    const ipKey = `login:ip:${ip}`;
    const accountLimit = this.config.LOGIN_RATE_LIMIT;
    await this.rateLimiter.consume(
      [
        { key: accountKey, limit: accountLimit },
        { key: ipKey, limit: accountLimit * 5 },
      ],
      this.config.LOGIN_RATE_WINDOW,
    );
    const user = await this.em.findOne(User, { email: normalizeEmail(body.email) }, { populate: ['company'] });
    const passwordOk = await verifyPassword(user?.passwordHash ?? (await TIMING_DECOY_HASH), body.password);
    if (!user || !user.passwordHash || !passwordOk) throw new UnauthorizedException(MESSAGES.invalidCredentials);
    const refusal = signInRefusal(user, 'password');
    if (refusal) throw new ForbiddenException(refusal);
    await Promise.all([this.rateLimiter.reset(accountKey), this.rateLimiter.refund(ipKey)]);
    return this.signIn(user, ip);
  }

  /** Records the login and opens a session. Used by every way in (password, link, reset, SSO). */
  async signIn(user: User, ip: string): Promise<TokenResponse> {
    user.lastLoginAt = new Date();
    this.em.create(LoginEvent, { user, ip });
    return this.sessions.startSession(user);
  }

  async me(actor: Actor): Promise<MeResponse> {
    const user = await this.em.findOneOrFail(User, actor.userId, { populate: ['company', 'country'] });
    const impersonator = actor.impersonatorId ? await this.em.findOne(User, actor.impersonatorId) : null;
    return {
      user: toCurrentUser(user),
      company: user.company ? toCompanySummary(user.company) : null,
      impersonated_by: impersonator
        ? { id: impersonator.id, first_name: impersonator.firstName, last_name: impersonator.lastName }
        : null,
    };
  }

  /** Answered from the session's actor alone (role and the company's membership type), usually from the cache. */
  async middleware(token: string | null) {
    const actor = token ? await this.sessions.authenticate(token) : null;
    if (!actor) return { authorized: false, role: null, level: null };
    return {
      authorized: true,
      role: actor.role,
      level: actor.role === 'super_admin' ? null : membershipLevel(actor.membershipType),
    };
  }

  async refresh(token: string | null, ip: string): Promise<TokenResponse> {
    await this.rateLimiter.hit([`refresh:ip:${ip}`], 120, 60);
    return this.sessions.refresh(token);
  }

  async logout(actor: Actor): Promise<{ success: boolean }> {
    await this.sessions.revokeSession(actor.sessionId, 'logout');
    this.publisher.endSession(actor.sessionId, 'logout');
    return { success: true };
  }

  /** Always answers the same message, so the form cannot be used to find accounts. */
  async forgotPassword(email: string, ip: string): Promise<{ message: string }> {
    await this.rateLimiter.hit([`forgot:ip:${ip}`, `forgot:account:${email}`], 5, 15 * 60);
    const user = await this.em.findOne(User, { email: normalizeEmail(email) }, { populate: ['company'] });
    if (user && !signInRefusal(user, 'password')) {
      await this.tokens.voidOutstanding(user, 'password_reset');
      const { raw, token } = this.tokens.issue(user, 'password_reset');
      await this.em.flush();
      await this.mail.send(
        accountMails.passwordReset(user, this.link(routePath('reset_password', { token: raw })), token.id),
      );
    }
    return { message: MESSAGES.forgotPasswordSent };
  }

  async resetPassword(body: z.output<typeof ResetPasswordBody>, ip: string): Promise<TokenResponse> {
    const token = await this.tokens.find(body.token, ['password_reset']);
    const matches = token !== null && token.user.email === normalizeEmail(body.email);
    // The e-mail is checked before the link is used up, so a typo does not cost the user their link.
    if (!matches || !(await this.tokens.claim(token))) {
      throw ValidationException.forField('email', MESSAGES.invalidToken);
    }
    const user = token.user;
    user.passwordHash = await hashPassword(body.password);
    // A reset proves control of the mailbox.
    user.emailVerifiedAt ??= new Date();
    await this.em.flush();
    await this.sessions.revokeUserSessions(user.id, 'password_reset');
    const refusal = signInRefusal(user, 'password');
    if (refusal) throw new ForbiddenException(refusal);
    return this.signIn(user, ip);
  }

  async loginAsUser(actor: Actor, userId: number): Promise<TokenResponse> {
    const target = await this.em.findOne(User, userId, { populate: ['company'] });
    if (!target) throw new NotFoundException('User not found.');
    if (target.role === 'super_admin') throw new ForbiddenException('A super admin cannot be impersonated.');
    const refusal = signInRefusal(target, 'impersonation');
    if (refusal) throw new ForbiddenException(refusal);
    const impersonator = await this.em.findOneOrFail(User, actor.userId);
    return this.sessions.startSession(target, impersonator);
  }

  private link(path: string): string {
    return `${this.config.PUBLIC_URL.replace(/\/$/, '')}${path}`;
  }
}
