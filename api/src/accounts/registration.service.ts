import { ConflictException, ForbiddenException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { MESSAGES, rooms, routePath, SERVER_EVENTS, type VerifyResponse } from '@casebridge/contracts';
import { Company, CompanyGroupRelation, normalizeEmail, OneTimeToken, User, PICKABLE_USER } from '@casebridge/db';
import { hashPassword, type ServerConfig } from '@casebridge/server-core';
import { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import type { RegistrationBody as RegistrationSchema } from '@casebridge/contracts';
import { OneTimeTokens, hashToken } from './sessions/one-time-tokens.service';
import { toBackOfficeRegistrationRow, toRegistrationQueueRow } from './registration-queue-rows';
import { ValidationException } from '../platform/common/errors';
import { SERVER_CONFIG } from '../platform/config/config.module';
import { accountMails } from './account-mails';
import { MailProducer } from '../platform/mail/mail.producer';
import { RealtimePublisher } from '../platform/realtime/realtime.publisher';
import { RateLimiter } from '../platform/redis/rate-limiter.service';
import { htmlToPlainText } from '../platform/common/rich-text';

export type ApprovalAction = 'approve' | 'reject';

/**
 * Self-registration on a company page, e-mail verification and the signup manager's approval.
 * A new account signs in once its address is verified and, where the company asks for it, approved.
 */
@Injectable()
export class RegistrationService {
  constructor(
    private readonly em: EntityManager,
    private readonly tokens: OneTimeTokens,
    private readonly mail: MailProducer,
    private readonly rateLimiter: RateLimiter,
    private readonly publisher: RealtimePublisher,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async register(slug: string, body: z.output<typeof RegistrationSchema>, ip: string) {
    await this.rateLimiter.hit([`register:ip:${ip}`], 20, 3600);
    const company = await this.em.findOne(Company, { slug }, { populate: ['signupManager', 'altSignupManager'] });
    if (!company) throw new NotFoundException('Company not found.');
    if (company.status !== 'active' || company.loginMethod !== 'requires_registration') {
      throw new ForbiddenException(MESSAGES.registrationClosed);
    }
    await this.assertEmailFree(body.email);
    const needsApproval = company.requiresApproval;
    const user = this.em.create(User, {
      firstName: body.first_name,
      lastName: body.last_name,
      email: body.email,
      phone: body.phone,
      phoneCountryCode: countryCodeOr(body.phone_country_code, 'US'),
      country: body.country_id ?? null,
      city: body.city,
      company,
      role: 'caller',
      type: 'basic',
      registrationType: 'registration',
      approvalStatus: needsApproval ? 'pending' : 'approved',
      passwordHash: await hashPassword(body.password),
      agreementDate: new Date(),
    });
    await this.grantDefaultGroupAccess(company, user);
    const verification = this.tokens.issue(user, 'verification');
    const approval = needsApproval ? this.tokens.issue(user, 'registration_approval') : null;
    await this.em.flush();
    if (needsApproval) this.announceQueueChange(user);

    await this.mail.send(
      accountMails.verification(
        user,
        this.link(routePath('verify_account', { token: verification.raw })),
        verification.token.id,
      ),
    );
    if (approval) {
      const approveLink = this.link(routePath('account_approval', { token: approval.raw, action: 'approve' }));
      const rejectLink = this.link(routePath('account_approval', { token: approval.raw, action: 'reject' }));
      for (const manager of await this.signupManagers(company)) {
        await this.mail.send(accountMails.approvalRequest(manager, user, approveLink, rejectLink, approval.token.id));
      }
    }
    return {
      message: needsApproval ? MESSAGES.registrationApprovalText : MESSAGES.registrationVerify,
      error: null,
      approval: needsApproval,
    };
  }

  async verify(rawToken: string): Promise<z.infer<typeof VerifyResponse>> {
    const token = await this.tokens.find(rawToken, ['verification']);
    if (!token || !(await this.tokens.claim(token))) {
      return { action: 'invalid', error: MESSAGES.invalidToken, message: null, company: null };
    }
    const user = token.user;
    user.emailVerifiedAt ??= new Date();
    await this.em.flush();
    const company = user.company ? { slug: user.company.slug, name: user.company.name } : null;
    if (user.approvalStatus === 'pending')
      return { action: 'approval', error: null, message: MESSAGES.accountUnderReview, company };
    return { action: 'verified', error: null, message: MESSAGES.accountVerified, company };
  }

  /** Same answer whether or not the address exists, so the form cannot be used to find accounts. */
  async resendVerification(email: string, ip: string): Promise<{ message: string }> {
    await this.rateLimiter.hit([`verify:ip:${ip}`, `verify:account:${email}`], 5, 15 * 60);
    const user = await this.em.findOne(User, { email: normalizeEmail(email) }, { populate: ['company'] });
    if (user && !user.emailVerifiedAt && user.status === 'active') {
      const { raw, token } = this.tokens.issue(user, 'verification');
      await this.em.flush();
      await this.mail.send(
        accountMails.verification(user, this.link(routePath('verify_account', { token: raw })), token.id),
      );
    }
    return { message: MESSAGES.verificationSent };
  }

  async decide(rawToken: string, action: ApprovalAction, note: string | null | undefined) {
    // Looked up with used tokens too, so a second click says "already decided" rather than "invalid".
    const token = await this.em.findOne(
      OneTimeToken,
      { tokenHash: hashToken(rawToken), purpose: 'registration_approval' },
      { populate: ['user', 'user.company'] },
    );
    if (!token || token.expiresAt < new Date()) throw new NotFoundException(MESSAGES.invalidToken);
    const user = token.user;
    if (token.usedAt || user.approvalStatus !== 'pending') throw new ConflictException(MESSAGES.approvalAlreadyDecided);
    return this.applyDecision(user, action === 'approve', note ?? '', token);
  }

  /** Approves or rejects a pending registration and mails the applicant. Also used by the admin queues. */
  async applyDecision(user: User, approved: boolean, note: string, token: OneTimeToken | null = null) {
    if (token && !(await this.tokens.claim(token))) throw new ConflictException(MESSAGES.approvalAlreadyDecided);
    // One conditional update decides: of two managers (or a link and the queue) deciding at once, one wins.
    const status = approved ? 'approved' : 'rejected';
    const decided = await this.em.nativeUpdate(
      User,
      { id: user.id, approvalStatus: 'pending' },
      { approvalStatus: status },
    );
    if (decided === 0) throw new ConflictException(MESSAGES.approvalAlreadyDecided);
    user.approvalStatus = status;
    // An unverified applicant gets a verification link in the approval mail; a verified one the company page.
    const verification = approved && !user.emailVerifiedAt ? this.tokens.issue(user, 'verification') : null;
    await this.em.flush();
    this.announceQueueChange(user);
    const link = verification
      ? this.link(routePath('verify_account', { token: verification.raw }))
      : this.link(routePath('home-with-slug', { slug: user.company?.slug ?? '' }));
    await this.mail.send(accountMails.registrationDecision(user, approved, link, htmlToPlainText(note)));
    return {
      success: true,
      approved,
      user: { first_name: user.firstName, last_name: user.lastName },
      message: approved ? MESSAGES.userApproved : MESSAGES.userRejected,
    };
  }

  /** The groups the company's registration settings open to every new user (relations limited to listed users). */
  async grantDefaultGroupAccess(company: Company, user: User): Promise<void> {
    const defaults = await company.registrationCommunities.loadItems();
    if (!defaults.length) return;
    const relations = await this.em.find(CompanyGroupRelation, {
      company,
      community: { $in: defaults },
      userAccessFlag: 'limit',
    });
    relations.forEach((relation) => relation.users.add(user));
  }

  /**
   * The registration's row in the company admins' queue (not its other users) and the back office's, live: a new
   * one arrives, a decided one leaves (`removed`).
   */
  announceQueueChange(user: User): void {
    if (!user.company) return;
    const removed = user.approvalStatus !== 'pending';
    this.publisher.emit(rooms.companyAdmins(user.company.id), SERVER_EVENTS.queueChanged, {
      queue: 'registration',
      row: toRegistrationQueueRow(user),
      removed,
    });
    this.publisher.emit(rooms.superAdmins, SERVER_EVENTS.queueChanged, {
      queue: 'registration',
      row: toBackOfficeRegistrationRow(user),
      removed,
    });
  }

  async signupManagers(company: Company): Promise<User[]> {
    const named = [company.signupManager, company.altSignupManager].filter((manager): manager is User => !!manager);
    if (named.length) return named;
    // No signup manager chosen: the company's business managers decide.
    return this.em.find(User, { company, role: 'business_manager', ...PICKABLE_USER });
  }

  async assertEmailFree(email: string, exceptUserId?: number): Promise<void> {
    const existing = await this.em.findOne(User, { email: normalizeEmail(email) });
    if (existing && existing.id !== exceptUserId) throw ValidationException.forField('email', MESSAGES.emailTaken);
  }

  private link(path: string): string {
    return `${this.config.PUBLIC_URL.replace(/\/$/, '')}${path}`;
  }
}

/** An ISO 3166 alpha-2 code as stored (2 letters, the column's width), else the fallback. */
export function countryCodeOr(code: string | null | undefined, fallback: string): string {
  const value = (code ?? '').trim().toUpperCase();
  return /^[A-Z]{2}$/.test(value) ? value : fallback;
}
