import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  ONBOARDING_MESSAGES,
  rooms,
  routePath,
  SERVER_EVENTS,
  type OnboardingGroup,
  type OnboardingSessionView,
  type Country as CountryShape,
} from '@casebridge/contracts';
import {
  Community,
  CompanyGroupRelation,
  normalizeEmail,
  OnboardingPayment,
  OnboardingSession,
  User,
} from '@casebridge/db';
import { type ServerConfig } from '@casebridge/server-core';
import { EntityManager } from '@mikro-orm/postgresql';
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { VerifyEmailBody } from '@casebridge/contracts';
import { ProfileService } from '../accounts/profile/profile.service';
import { hashToken } from '../accounts/sessions/one-time-tokens.service';
import { ValidationException } from '../platform/common/errors';
import { SERVER_CONFIG } from '../platform/config/config.module';
import { MailProducer } from '../platform/mail/mail.producer';
import { RealtimePublisher } from '../platform/realtime/realtime.publisher';
import { onboardingQueueChange } from './back-office/onboarding-review.mappers';
import { onboardingMails } from './onboarding-mails';
import {
  isSubmitted,
  storedData,
  toOnboardingGroup,
  toSessionView,
  type StoredOnboardingData,
} from './onboarding-rules';

/** The path segment of the restore route: never a vhost, it is matched before the `:vhost` routes. */
export const RESTORE_SEGMENT = 'restore';

/**
 * Onboarding sessions: the partner group of a vhost, starting a session for an e-mail, finding one by token,
 * its view, saving for later and submitting for review. The step services build on these.
 */
@Injectable()
export class OnboardingSessionsService {
  constructor(
    private readonly em: EntityManager,
    private readonly profile: ProfileService,
    private readonly mail: MailProducer,
    private readonly publisher: RealtimePublisher,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  /** The active partner program on this vhost, else 404. */
  async group(vhost: string): Promise<Community> {
    const group =
      vhost === RESTORE_SEGMENT
        ? null
        : await this.em.findOne(
            Community,
            { vhost, type: 'partner_program', status: 'active' },
            { populate: ['sponsorCompany'] },
          );
    if (!group) throw new NotFoundException('This partner group could not be found.');
    return group;
  }

  groupView(group: Community): OnboardingGroup {
    return toOnboardingGroup(group, this.config);
  }

  async groupAnswer(vhost: string): Promise<{ group: OnboardingGroup; countries: CountryShape[] }> {
    const group = await this.group(vhost);
    return { group: this.groupView(group), countries: await this.profile.countries() };
  }

  /** A new session for the e-mail every time: a saved one is reached only through the link mailed to it. */
  async verifyEmail(vhost: string, body: z.output<typeof VerifyEmailBody>) {
    const group = await this.group(vhost);
    if (body.partner_group_id !== group.id) {
      throw ValidationException.forField('partner_group_id', 'The partner group does not match this page.');
    }
    const email = normalizeEmail(body.email);
    const user = await this.em.findOne(User, { email }, { populate: ['company', 'country'] });
    const company = user?.company ?? null;
    if (company) {
      const member = await this.em.count(CompanyGroupRelation, { company, community: group, isActive: true });
      if (member > 0) {
        return { valid: false, message: ONBOARDING_MESSAGES.alreadyMember, session: null, redirect: null };
      }
    }
    const data: StoredOnboardingData = {
      company: company ? { name: company.name, url: company.url, country_id: user?.country?.id } : null,
      user: user
        ? {
            first_name: user.firstName,
            last_name: user.lastName,
            email,
            phone: user.phone,
            phone_country_code: user.phoneCountryCode,
          }
        : { email },
    };
    const session = this.em.create(OnboardingSession, {
      token: randomBytes(32).toString('base64url'),
      community: group,
      company,
      email,
      membershipType: company?.membershipType ?? null,
      data: data as Record<string, unknown>,
    });
    await this.em.flush();
    return { valid: true, session: await this.view(session), redirect: 'onboarding.contact' };
  }

  /** The session of this token on this vhost's group (any status), else 404. */
  async open(vhost: string, token: string): Promise<OnboardingSession> {
    const group = await this.group(vhost);
    const session = await this.em.findOne(OnboardingSession, { token, community: group }, { populate: ['company'] });
    if (!session) throw new NotFoundException(ONBOARDING_MESSAGES.sessionNotFound);
    return session;
  }

  /** A session a step may still change: 409 once it was sent for review. */
  async openForStep(vhost: string, token: string): Promise<OnboardingSession> {
    const session = await this.open(vhost, token);
    if (isSubmitted(session)) throw new ConflictException(ONBOARDING_MESSAGES.alreadySubmitted);
    return session;
  }

  /**
   * Opens a saved session by the token of its mailed restore link, once: the link is used up by one conditional
   * statement, and the answer hands the browser the session itself.
   */
  async restore(rawLinkToken: string) {
    const restoreTokenHash = hashToken(rawLinkToken);
    const session = await this.em.findOne(
      OnboardingSession,
      { restoreTokenHash },
      { populate: ['company', 'community.sponsorCompany'] },
    );
    const used =
      session &&
      (await this.em.nativeUpdate(OnboardingSession, { id: session.id, restoreTokenHash }, { restoreTokenHash: null }));
    if (!session || !used) throw new NotFoundException(ONBOARDING_MESSAGES.sessionNotFound);
    session.restoreTokenHash = null;
    return {
      session: await this.view(session),
      company: session.company ? { id: session.company.id, name: session.company.name } : null,
      group: this.groupView(session.community),
      countries: await this.profile.countries(),
    };
  }

  /** The account behind the session's e-mail, if any. */
  async account(session: OnboardingSession): Promise<User | null> {
    return this.em.findOne(User, { email: session.email });
  }

  async isPaid(session: OnboardingSession): Promise<boolean> {
    return (await this.em.count(OnboardingPayment, { session, status: 'paid' })) > 0;
  }

  async view(session: OnboardingSession): Promise<OnboardingSessionView> {
    const [user, paid] = await Promise.all([this.account(session), this.isPaid(session)]);
    return toSessionView(session, {
      userKnown: user !== null,
      accountNames: user ? { first: user.firstName, last: user.lastName } : null,
      paid,
    });
  }

  /** Merges parts into the stored data (a new object, so the JSON column is seen as changed). */
  patchData(session: OnboardingSession, parts: StoredOnboardingData): void {
    session.data = { ...storedData(session), ...parts } as Record<string, unknown>;
  }

  /** A step completed normally: the session is in progress again. */
  resume(session: OnboardingSession): void {
    session.status = 'in_progress';
    session.saveForLater = false;
  }

  /**
   * Save and Finish Later: the step stays; the applicant gets a restore link by mail. While a mailed link is unused
   * a repeated save sends none (that link restores the latest state); once used, the next save mails a new one.
   */
  async saveForLater(session: OnboardingSession) {
    session.status = 'saved_for_later';
    session.saveForLater = true;
    const rawLinkToken = session.restoreTokenHash ? null : randomBytes(32).toString('base64url');
    if (rawLinkToken) session.restoreTokenHash = hashToken(rawLinkToken);
    await this.em.flush();
    if (rawLinkToken) {
      const link = this.link(routePath('onboarding.restore', { token: rawLinkToken }));
      await this.mail.send(onboardingMails.saved(session, link));
    }
    return { valid: true, message: ONBOARDING_MESSAGES.savedForLater, session: await this.view(session) };
  }

  /** Sends the session for review: one commit, then the applicant's mail and the back office's queue push. */
  async submit(session: OnboardingSession) {
    session.status = 'pending_review';
    session.step = 'success';
    session.saveForLater = false;
    await this.em.flush();
    const statusPage = session.community.registrationStatusUrl || this.link('/');
    await this.mail.send(onboardingMails.received(session, statusPage));
    this.publisher.emit(rooms.superAdmins, SERVER_EVENTS.queueChanged, onboardingQueueChange(session));
    return {
      valid: true,
      message: ONBOARDING_MESSAGES.submitted,
      next: 'success' as const,
      session: await this.view(session),
    };
  }

  private link(path: string): string {
    return `${this.config.PUBLIC_URL.replace(/\/$/, '')}${path}`;
  }
}
