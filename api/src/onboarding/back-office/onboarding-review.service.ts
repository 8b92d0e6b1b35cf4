import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  MESSAGES,
  ONBOARDING_NOT_PENDING,
  ONBOARDING_REJECTED,
  ONBOARDING_SESSION_NOT_FOUND,
  OnboardingDocument,
  rooms,
  SERVER_EVENTS,
  type OnboardingQueueFilter,
  type OnboardingReviewBody,
} from '@casebridge/contracts';
import { z } from 'zod';
import { ContactDocument, OnboardingPayment, OnboardingSession } from '@casebridge/db';
import { type ServerConfig } from '@casebridge/server-core';
import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { ProfileService } from '../../accounts/profile/profile.service';
import { parseOrThrow } from '../../platform/common/errors';
import { SERVER_CONFIG } from '../../platform/config/config.module';
import { MailProducer } from '../../platform/mail/mail.producer';
import { RealtimePublisher } from '../../platform/realtime/realtime.publisher';
import { applicantKind, storedData, type StoredOnboardingData } from '../onboarding-rules';
import { onboardingQueueChange, toQueueRow, toReviewGroup, toReviewSession } from './onboarding-review.mappers';
import { reviewMails } from './review-mails';

export type ReviewForm = z.output<typeof OnboardingReviewBody>;

/** The process part, checked with the flow's schema under its dotted keys (document.support_hours...). */
const RequiredDocument = z.object({ document: OnboardingDocument });

/** Decided sessions shown under the pending ones, newest decision first. */
export const DECIDED_SESSIONS_SHOWN = 50;

/**
 * The back office's side of onboarding: the dashboard's approval queue, one session for review, Save
 * and Reject. Approve lives in OnboardingApprovalService. Only a session sent for review (pending_review) can be
 * changed or decided; anything else is 409, checked under a row lock so two reviewers never both decide.
 */
@Injectable()
export class OnboardingReviewService {
  constructor(
    private readonly em: EntityManager,
    private readonly profile: ProfileService,
    private readonly mail: MailProducer,
    private readonly publisher: RealtimePublisher,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  /**
   * The sessions of one filter: every one waiting for review (oldest first) and/or the latest decided ones
   * (newest decision first); `all` is both, waiting first. Drafts are the applicants'.
   */
  async queue(filter: OnboardingQueueFilter) {
    const populate = ['company', 'community'] as const;
    const decidedStatuses =
      filter === 'all' ? (['approved', 'rejected'] as const) : filter === 'pending_review' ? [] : [filter];
    const [pending, decided] = await Promise.all([
      filter === 'pending_review' || filter === 'all'
        ? this.em.find(
            OnboardingSession,
            { status: 'pending_review' },
            { populate, orderBy: { createdAt: 'asc', id: 'asc' } },
          )
        : [],
      decidedStatuses.length > 0
        ? this.em.find(
            OnboardingSession,
            { status: { $in: [...decidedStatuses] } },
            { populate, orderBy: { updatedAt: 'desc', id: 'desc' }, limit: DECIDED_SESSIONS_SHOWN },
          )
        : [],
    ]);
    return { queue: [...pending, ...decided].map(toQueueRow) };
  }

  async get(id: number) {
    const session = await this.find(id);
    return {
      session: await this.view(session),
      group: toReviewGroup(session.community),
      countries: await this.profile.countries(),
    };
  }

  async countries() {
    return { countries: await this.profile.countries() };
  }

  async save(id: number, form: ReviewForm) {
    const session = await this.em.transactional(async () => {
      const session = await this.lockPending(id);
      this.applyForm(session, form);
      return session;
    });
    this.announce(session);
    return { success: true, message: MESSAGES.onboardingSessionUpdated, session: await this.view(session) };
  }

  async reject(id: number) {
    const session = await this.em.transactional(async () => {
      const session = await this.lockPending(id);
      session.status = 'rejected';
      return session;
    });
    await this.mail.send(reviewMails.rejected(session, session.community.registrationStatusUrl || this.link('/')));
    this.announce(session);
    return { success: true, message: ONBOARDING_REJECTED };
  }

  /** The session, locked for the rest of the transaction; 404 unknown, 409 unless waiting for review. */
  async lockPending(id: number): Promise<OnboardingSession> {
    const session = await this.em.findOne(OnboardingSession, id, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!session) throw new NotFoundException(ONBOARDING_SESSION_NOT_FOUND);
    await this.em.populate(session, ['company', 'community.sponsorCompany']);
    if (session.status !== 'pending_review') throw new ConflictException(ONBOARDING_NOT_PENDING);
    return session;
  }

  /**
   * Stores the reviewed form in the session's data (a new object, so the JSON column is written). The process
   * part is required for a new company, whose process it becomes (422 document.* like the onboarding flow).
   */
  applyForm(session: OnboardingSession, form: ReviewForm): void {
    const data = storedData(session);
    const document =
      applicantKind(session) === 'new'
        ? parseOrThrow(RequiredDocument, { document: form.document ?? {} }).document
        : (form.document ?? data.document ?? null);
    const next: StoredOnboardingData = {
      ...data,
      company: form.company,
      user: form.user,
      document,
      agreements: form.agreements ? { ...data.agreements, ...form.agreements } : data.agreements,
    };
    session.data = next as Record<string, unknown>;
    session.sfOpportunity = form.sf_opportunity ?? null;
  }

  /** The session's row in every super admin's onboarding queue (decided sessions stay listed, with their status). */
  announce(session: OnboardingSession): void {
    this.publisher.emit(rooms.superAdmins, SERVER_EVENTS.queueChanged, onboardingQueueChange(session));
  }

  link(path: string): string {
    return `${this.config.PUBLIC_URL.replace(/\/$/, '')}${path}`;
  }

  private async find(id: number): Promise<OnboardingSession> {
    const session = await this.em.findOne(OnboardingSession, id, {
      populate: ['company', 'community.sponsorCompany'],
    });
    if (!session) throw new NotFoundException(ONBOARDING_SESSION_NOT_FOUND);
    return session;
  }

  private async view(session: OnboardingSession) {
    const documentId = storedData(session).document_id;
    const [paid, document] = await Promise.all([
      this.em.count(OnboardingPayment, { session, status: 'paid' }),
      documentId ? this.em.findOne(ContactDocument, { id: documentId, deletedAt: null }) : null,
    ]);
    return toReviewSession(session, { paid: paid > 0, documentName: document?.name ?? null });
  }
}
