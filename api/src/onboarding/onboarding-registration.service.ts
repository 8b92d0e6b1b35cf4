import { ConflictException, ForbiddenException, Injectable } from '@nestjs/common';
import {
  ONBOARDING_MESSAGES,
  OnboardingDocument,
  RegisterBody,
  type RegisterExistingBody,
} from '@casebridge/contracts';
import { ContactDocument, type OnboardingSession } from '@casebridge/db';
import { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { parseOrThrow, ValidationException } from '../platform/common/errors';
import { assertContactDone, OnboardingAgreementsService } from './onboarding-agreements.service';
import { applicantKind, paymentRequired, storedData } from './onboarding-rules';
import { OnboardingSessionsService } from './onboarding-sessions.service';

export const AGREEMENTS_FIRST = 'Please accept the agreements first.';
export const NEW_MEMBERS_ONLY = 'Your company is already a member: choose one of its processes instead.';
export const EXISTING_MEMBERS_ONLY = 'This step is for existing members of the network.';
export const NOT_YOUR_COMPANY = 'This application belongs to another company.';

/** Save and Finish Later on the process page keeps whatever was typed, complete or not (each value still checked). */
const SavedRegisterBody = RegisterBody.extend({ document: OnboardingDocument.partial() });

/** The last step: the applicant's process (new members), the limited registration or the process choice. */
@Injectable()
export class OnboardingRegistrationService {
  constructor(
    private readonly em: EntityManager,
    private readonly sessions: OnboardingSessionsService,
    private readonly agreements: OnboardingAgreementsService,
  ) {}

  /** A new member's support process. The body is parsed here: a saved draft may be incomplete. */
  async register(vhost: string, rawBody: unknown) {
    const saving = isSaveForLater(rawBody);
    const body = parseOrThrow(saving ? SavedRegisterBody : RegisterBody, rawBody ?? {});
    const session = await this.sessions.openForStep(vhost, body.session_token);
    if (applicantKind(session) !== 'new') throw new ConflictException(NEW_MEMBERS_ONLY);
    await this.assertReady(session);
    this.sessions.patchData(session, { document: { ...storedData(session).document, ...body.document } });
    if (saving) return this.sessions.saveForLater(session);
    return this.sessions.submit(session);
  }

  async registerLimited(vhost: string, body: { session_token: string; company_id: number }) {
    const session = await this.sessions.openForStep(vhost, body.session_token);
    if (!session.company || session.company.id !== body.company_id) throw new ForbiddenException(NOT_YOUR_COMPANY);
    if (session.membershipType !== 'limited') {
      throw ValidationException.forField('company_id', 'Only a limited member can register as limited.');
    }
    await this.assertReady(session);
    return this.sessions.submit(session);
  }

  /** An existing member's choice of process (0 = ask for a new one) and user access, with its agreements. */
  async registerExisting(vhost: string, body: RegisterExistingBody) {
    const session = await this.sessions.openForStep(vhost, body.session_token);
    if (applicantKind(session) !== 'existing') throw new ConflictException(EXISTING_MEMBERS_ONLY);
    assertContactDone(session);
    const errors: Record<string, string[]> = {};
    if (body.document_id !== 0 && !(await this.ownDocument(session, body.document_id))) {
      errors.document_id = ['The selected process is invalid.'];
    }
    await this.agreements.assertNames(session, body).catch((error: unknown) => {
      if (!(error instanceof ValidationException)) throw error;
      Object.assign(errors, error.errors);
    });
    if (Object.keys(errors).length) throw new ValidationException(errors);
    const ticked = body.agreements ?? (storedData(session).agreements_done ? storedData(session).agreements : null);
    const accepted = this.agreements.checkAgreements(session, ticked ?? {});
    this.agreements.storeTicks(session, accepted, true);
    this.agreements.storeNames(session, body);
    await this.assertPaid(session);
    this.sessions.patchData(session, { document_id: body.document_id, user_access: body.user_access });
    return this.sessions.submit(session);
  }

  /** The applicant company's live process documents: only for the session's own company. */
  async documents(vhost: string, token: string, companyId: number) {
    const session = await this.sessions.open(vhost, token);
    if (!session.company || session.company.id !== companyId) throw new ForbiddenException(NOT_YOUR_COMPANY);
    const documents = await this.em.find(
      ContactDocument,
      { company: session.company, deletedAt: null, currentVersion: { $ne: null } },
      { orderBy: { name: 'asc', id: 'asc' }, fields: ['id', 'name'] },
    );
    return documents.map((document) => ({ id: document.id, name: document.name }));
  }

  private async ownDocument(session: OnboardingSession, documentId: number): Promise<boolean> {
    const count = await this.em.count(ContactDocument, {
      id: documentId,
      company: session.company,
      deletedAt: null,
      currentVersion: { $ne: null },
    });
    return count > 0;
  }

  /** Contact and agreements done, and the payment when the group asks for one (409 otherwise). */
  private async assertReady(session: OnboardingSession): Promise<void> {
    assertContactDone(session);
    if (!this.agreements.agreementsDone(session)) throw new ConflictException(AGREEMENTS_FIRST);
    await this.assertPaid(session);
  }

  private async assertPaid(session: OnboardingSession): Promise<void> {
    if (paymentRequired(session.community, session) && !(await this.sessions.isPaid(session))) {
      throw new ConflictException(ONBOARDING_MESSAGES.paymentRequired);
    }
  }
}

function isSaveForLater(body: unknown): boolean {
  return z.object({ save_for_later: z.literal(true) }).safeParse(body).success;
}
