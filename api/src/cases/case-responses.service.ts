import { Inject, Injectable } from '@nestjs/common';
import {
  ANSWER_REQUIRED_FIELDS,
  answerFieldRequired,
  DEFAULT_ACCEPT_NOTE,
  MESSAGES,
  resumeSlaClock,
  type CaseEventType,
  type CaseStatus,
  type MailJob,
  type RespondBody,
  type ResponseType,
} from '@casebridge/contracts';
import { Case, CaseResponse, Company, User } from '@casebridge/db';
import { type ServerConfig } from '@casebridge/server-core';
import { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import type { Actor } from '../platform/access/actor';
import { SessionTokenService } from '../platform/authentication/session-token.service';
import { ValidationException } from '../platform/common/errors';
import { SERVER_CONFIG } from '../platform/config/config.module';
import { MailProducer } from '../platform/mail/mail.producer';
import { CaseAccessService, type CaseWriteOptions } from './case-access.service';
import { CaseEventsService } from './case-events.service';
import { assertAcceptableFiles, CaseFiles } from './case-files';
import type { StagedFile } from '../platform/common/staged-files';
import { caseMails } from './case-mails';
import { CASE_ENTRY_POPULATE } from './case.mappers';

type Answer = z.output<typeof RespondBody>;

const RESPONSE_TYPE: Record<Answer['status'], ResponseType> = {
  accepted: 'approval',
  information: 'information-request',
  rejected: 'rejection',
  'information-reply': 'information-response',
};

const EVENT_TYPE: Record<Answer['status'], CaseEventType> = {
  accepted: 'accepted',
  information: 'information_requested',
  rejected: 'rejected',
  'information-reply': 'information_supplied',
};

/** The 422 of files sent with an answer other than the information the partner asked for. */
export const FILES_WITH_REPLY_ONLY = 'Files can be sent with the answer to an information request only.';

/** What each answer is, in the 403 of a member of the other side ("Only the receiving company may ..."). */
const ANSWER_ACTION: Record<Answer['status'], string> = {
  accepted: 'accept this case',
  information: 'ask for information on this case',
  rejected: 'reject this case',
  'information-reply': 'supply the requested information',
};

interface Answered {
  kase: Case;
  response: CaseResponse;
  askedBy: string | null;
}

/**
 * Answers to a case: the receiver accepts, asks for information or rejects; the submitter supplies the information
 * asked for. Through the public token page (the link is the key) or as a signed-in member of the answering side
 * (the integration API). Each answer is checked against the case's status under a row lock, stored with its SLA
 * effect and event in one transaction, then mailed to the side that acts next.
 */
@Injectable()
export class CaseResponsesService {
  constructor(
    private readonly em: EntityManager,
    private readonly access: CaseAccessService,
    private readonly events: CaseEventsService,
    private readonly sessions: SessionTokenService,
    private readonly mail: MailProducer,
    private readonly files: CaseFiles,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  /** `bearer` only attributes the answer to a signed-in member of the answering side; the token link is the key. */
  async respond(
    token: string,
    answer: Answer,
    bearer: string | null,
    files: readonly StagedFile[] = [],
  ): Promise<{ message: string; status: CaseStatus }> {
    requireAnswerFields(answer);
    // Files answer a request for information (a support bundle, logs): checked before anything is written.
    if (files.length > 0) {
      if (answer.status !== 'information-reply') throw ValidationException.forField('files', FILES_WITH_REPLY_ONLY);
      await assertAcceptableFiles(files);
    }
    const signedIn = bearer ? await this.sessions.authenticate(bearer) : null;
    const answered = await this.files.transaction(async (moved) => {
      const kase = await this.access.forTokenLink(token, { populate: CASE_ENTRY_POPULATE, forUpdate: true });
      this.access.requireAnswerAllowed(kase, answer.status);
      const company = answeringCompany(kase, answer.status);
      const user = signedIn && signedIn.companyId === company.id ? await this.em.findOne(User, signedIn.userId) : null;
      const stored = await this.store(kase, answer, user, company);
      if (files.length > 0) {
        const author = { user, company, label: authorLabel(user, answer, company) };
        await this.files.attach(kase, author, files, null, moved);
      }
      return stored;
    });
    await this.mailAnswer(answer.status, answered);
    return { message: MESSAGES.responseSent, status: answered.kase.status };
  }

  /**
   * The same answers by a signed-in member, as its company: only the receiving company accepts, asks or rejects,
   * only the submitting one supplies information (403 for the other side, 404 for anyone else).
   */
  async respondAsMember(
    actor: Actor,
    token: string,
    answer: Answer,
    options: CaseWriteOptions = {},
  ): Promise<{ status: CaseStatus }> {
    requireAnswerFields(answer);
    const answered = await this.em.transactional(async () => {
      const member = await this.access.forMember(actor, token, { populate: CASE_ENTRY_POPULATE, forUpdate: true });
      if (answer.status === 'information-reply') this.access.requireSubmitter(member, ANSWER_ACTION[answer.status]);
      else this.access.requireReceiver(member, ANSWER_ACTION[answer.status]);
      await this.access.requireEventSeq(member.kase, options);
      this.access.requireAnswerAllowed(member.kase, answer.status);
      return this.store(member.kase, answer, member.viewer, answeringCompany(member.kase, answer.status));
    });
    await this.mailAnswer(answer.status, answered);
    return { status: answered.kase.status };
  }

  /** Stores an allowed answer on the locked case: the response, its status and SLA effect, and its event. */
  private async store(kase: Case, answer: Answer, user: User | null, company: Company): Promise<Answered> {
    const askedBy = lastInformationRequest(kase)?.engineerEmail ?? null;
    const response = this.em.create(CaseResponse, {
      case: kase,
      type: RESPONSE_TYPE[answer.status],
      caseNumber: answer.case_number,
      engineerName: answer.engineer_name,
      engineerEmail: answer.engineer_email,
      engineerPhone: answer.engineer_phone,
      reviewerName: answer.reviewer_name,
      reviewerEmail: answer.reviewer_email,
      nextSteps: answer.status === 'accepted' ? (answer.next_steps ?? DEFAULT_ACCEPT_NOTE) : answer.next_steps,
      additionalInformation: answer.additional_information,
      user,
      company,
    });
    applyAnswer(kase, response, new Date());
    // Flushed first so the entry can name the response (the live message carries it).
    await this.em.flush();
    await this.events.record(
      kase,
      EVENT_TYPE[answer.status],
      { user, label: authorLabel(user, answer, company) },
      { status: kase.status, response_type: response.type, response_id: response.id },
    );
    return { kase, response, askedBy };
  }

  private async mailAnswer(status: Answer['status'], { kase, response, askedBy }: Answered): Promise<void> {
    const mail = this.mailFor(status, kase, response, askedBy);
    if (mail) await this.mail.send(mail);
  }

  private mailFor(
    status: Answer['status'],
    kase: Case,
    response: CaseResponse,
    askedBy: string | null,
  ): MailJob | null {
    const url = this.config.PUBLIC_URL;
    switch (status) {
      case 'accepted':
        return caseMails.accepted(kase, response, url);
      case 'information':
        return caseMails.informationRequested(kase, response, url);
      case 'rejected':
        return caseMails.rejected(kase, response, url);
      case 'information-reply':
        return caseMails.informationSupplied(kase, response, askedBy, url);
    }
  }
}

/** The submitter supplies information; every other answer is the receiver's. */
function answeringCompany(kase: Case, status: Answer['status']): Company {
  return status === 'information-reply' ? kase.submitterCompany : kase.receiverCompany;
}

/** The fields each answer needs beyond the body schema (422, nothing stored). */
function requireAnswerFields(answer: Answer): void {
  const errors: Record<string, string[]> = {};
  for (const field of ANSWER_REQUIRED_FIELDS[answer.status]) {
    if (!answer[field]) errors[field] = [answerFieldRequired(field)];
  }
  if (Object.keys(errors).length) throw new ValidationException(errors);
}

function lastInformationRequest(kase: Case): CaseResponse | null {
  const requests = kase.responses.getItems().filter((response) => response.type === 'information-request');
  return requests.length ? requests[requests.length - 1] : null;
}

/** Resumes a paused SLA clock: the paused time is added to the total and pushes the due date back. */
/** The submitter answered or the case got its final answer: the paused time pushes the due time back. */
function resumeSla(kase: Case, now: Date): void {
  Object.assign(kase, resumeSlaClock(kase, now));
}

/**
 * The status and SLA effect of an answer: acceptance and rejection stop the response clock, an information request
 * pauses it and sets the case to information, the submitter's answer lets it run again.
 */
function applyAnswer(kase: Case, response: CaseResponse, now: Date): void {
  switch (response.type) {
    case 'approval':
      resumeSla(kase, now);
      kase.status = 'accepted';
      kase.acceptedAt = now;
      kase.slaStoppedAt ??= now;
      kase.receiverCaseNumber = response.caseNumber;
      kase.receiverEngineerName = response.engineerName;
      kase.receiverEngineerEmail = response.engineerEmail;
      kase.receiverEngineerPhone = response.engineerPhone;
      break;
    case 'information-request':
      kase.status = 'information';
      kase.slaPausedAt = now;
      break;
    case 'rejection':
      resumeSla(kase, now);
      kase.status = 'rejected';
      kase.slaStoppedAt ??= now;
      break;
    case 'information-response':
      // The status stays information: the receiver now owes a final response, and its clock runs again.
      resumeSla(kase, now);
      break;
  }
}

function authorLabel(user: User | null, answer: Answer, company: Company): string {
  if (user) return user.fullName;
  if (answer.engineer_name) return `${answer.engineer_name} (${company.name}, token link)`;
  return `${company.name} (token link)`;
}
