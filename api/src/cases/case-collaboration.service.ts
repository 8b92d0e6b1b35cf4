import { ConflictException, ForbiddenException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  CASE_NOT_FOUND,
  LIMITS,
  MESSAGES,
  type CaseNoteBody,
  type CaseNoteShape,
  type UpdateEngineerBody,
} from '@casebridge/contracts';
import { type ServerConfig } from '@casebridge/server-core';
import { EntityManager } from '@mikro-orm/postgresql';
import { createHmac } from 'node:crypto';
import type { z } from 'zod';
import type { Actor } from '../platform/access/actor';
import { ValidationException } from '../platform/common/errors';
import { readRows } from '../platform/common/prepared-reads';
import { isBlankRichText, sanitizeRichText } from '../platform/common/rich-text';
import { SERVER_CONFIG } from '../platform/config/config.module';
import { MailProducer } from '../platform/mail/mail.producer';
import { CommittedCaseEvents } from '../platform/realtime/committed-case-events';
import { CaseAccessService, requireExpectedSeq, type CaseWriteOptions, type MemberCase } from './case-access.service';
import { CaseEventsService } from './case-events.service';
import { caseMails } from './case-mails';
import { writeNote, type NoteCase } from './note-writer';
import { caseControls } from '@casebridge/contracts';

type EngineerBody = z.output<typeof UpdateEngineerBody>;
type NoteBody = z.output<typeof CaseNoteBody>;

/**
 * What the two companies of a case do on the member case page, beside reading it (CaseDetailsService):
 * update their engineer details, add notes, close it. Every mutation locks the case row, checks, changes and
 * records its event in one transaction.
 */
@Injectable()
export class CaseCollaborationService {
  constructor(
    private readonly em: EntityManager,
    private readonly access: CaseAccessService,
    private readonly events: CaseEventsService,
    private readonly mail: MailProducer,
    private readonly committed: CommittedCaseEvents,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  /** The receiver's case number and engineer, while the case is accepted. */
  async updateResponse(
    actor: Actor,
    token: string,
    body: EngineerBody,
    options: CaseWriteOptions = {},
  ): Promise<{ success: true }> {
    await this.em.transactional(async () => {
      const member = await this.access.forMember(actor, token, { forUpdate: true });
      this.access.requireReceiver(member, 'update the response details');
      await this.access.requireEventSeq(member.kase, options);
      const { kase } = member;
      if (kase.status !== 'accepted') {
        throw new ConflictException('The response details can only be updated while the case is accepted.');
      }
      kase.receiverCaseNumber = body.case_number;
      kase.receiverEngineerName = body.engineer_name;
      kase.receiverEngineerEmail = body.engineer_email;
      kase.receiverEngineerPhone = phoneWithCountry(body.engineer_phone, body.engineer_country_code, 50);
      await this.events.record(kase, 'engineer_updated', actorOf(member), {
        receiver_case_number: kase.receiverCaseNumber,
        engineer_name: kase.receiverEngineerName,
      });
    });
    return { success: true };
  }

  /** The submitter's own case number and engineer contact. */
  async updateSubmission(
    actor: Actor,
    token: string,
    body: EngineerBody,
    options: CaseWriteOptions = {},
  ): Promise<{ success: true }> {
    const { first, last } = splitName(body.engineer_name);
    const phone = phoneWithCountry(body.engineer_phone, body.engineer_country_code, LIMITS.phoneMax);
    await this.em.transactional(async () => {
      const member = await this.access.forMember(actor, token, { forUpdate: true });
      this.access.requireSubmitter(member, 'update the submission details');
      await this.access.requireEventSeq(member.kase, options);
      const { kase } = member;
      if (body.case_number) kase.internalCaseNumber = body.case_number;
      kase.engineerFirstName = first;
      kase.engineerLastName = last;
      kase.engineerEmail = body.engineer_email;
      kase.engineerPhone = phone;
      if (body.engineer_country_code) kase.engineerPhoneCountryCode = body.engineer_country_code;
      await this.events.record(kase, 'submission_updated', actorOf(member), {
        internal_case_number: kase.internalCaseNumber,
        engineer_name: `${first} ${last}`.trim(),
      });
    });
    return { success: true };
  }

  /**
   * The busiest write of the network, kept off the ORM: one statement writes the note with its entry (note-writer.ts)
   * when the case allows it; otherwise nothing was written and the same checks as the other writes, in the same
   * order, say why. The entry is announced once stored.
   */
  async addNote(
    actor: Actor,
    token: string,
    body: NoteBody,
    options: CaseWriteOptions = {},
  ): Promise<{ note: CaseNoteShape }> {
    const sanitized = sanitizeRichText(body.description);
    // Straight to node-postgres (readRows): the statement passes lists as PostgreSQL arrays.
    const write = await writeNote((sql, params) => readRows(this.em, { sql, params: [...params] }), {
      actor,
      token,
      summary: body.summary ?? null,
      description: isBlankRichText(sanitized) ? null : sanitized,
      visibility: body.visibility,
      ifEventSeq: options.ifEventSeq,
    });
    if (!write) throw new NotFoundException(CASE_NOT_FOUND);
    if (!write.written) refuseNote(write.found, options);
    await this.committed.announce([write.written.entry], write.written.sources);
    return { note: write.written.note };
  }

  /** The submitter closes an accepted case; the receiving process is told. */
  async close(actor: Actor, token: string, options: CaseWriteOptions = {}): Promise<{ success: true }> {
    const member = await this.em.transactional(async () => {
      const member = await this.access.forMember(actor, token, {
        forUpdate: true,
        populate: ['submitterCompany', 'receiverCompany', 'documentVersion'],
      });
      this.access.requireSubmitter(member, 'close this case');
      await this.access.requireEventSeq(member.kase, options);
      if (member.kase.status !== 'accepted') throw new ConflictException(MESSAGES.closeFailed);
      member.kase.status = 'closed';
      member.kase.closedAt = new Date();
      await this.events.record(member.kase, 'closed', actorOf(member), { status: 'closed' });
      return member;
    });
    const mail = caseMails.closed(member.kase, member.viewer.fullName, this.config.PUBLIC_URL);
    if (mail) await this.mail.send(mail);
    return { success: true };
  }

  /**
   * What the browser needs to reach the external collaboration service for a case: its address and a password
   * derived from the case token (so it is never stored). Without a configured service both are null.
   */
  async collaborationData(actor: Actor, token: string, companyId: number) {
    const { kase } = await this.access.forMember(actor, token);
    if (companyId !== kase.submitterCompany.id && companyId !== kase.receiverCompany.id) {
      throw new NotFoundException('Company not found.');
    }
    if (!this.config.COLLAB_SERVICE_URL) return { domain: null, password: null };
    const password = createHmac('sha256', this.config.JWT_SECRET).update(kase.token).digest('hex');
    return { domain: this.config.COLLAB_SERVICE_URL, password };
  }
}

/** Why the note-writer wrote nothing: the first check the case fails, in the order every write checks. */
function refuseNote(found: NoteCase, options: CaseWriteOptions): never {
  const { allowNotes } = found;
  if (found.side === 'none') throw new ForbiddenException('Only the two companies of a case may add notes.');
  if (!allowNotes) throw new ForbiddenException(MESSAGES.feedRequiresSso);
  requireExpectedSeq(found.eventSeq, options);
  if (!caseControls(found.status, found.side, allowNotes).can_add_note) {
    throw new ForbiddenException('Notes can be added while the case is accepted or waiting for information.');
  }
  throw ValidationException.forField('summary', MESSAGES.blankNote);
}

function actorOf(member: MemberCase) {
  return { user: member.viewer, label: member.viewer.fullName };
}

/** 'Ann Lee Smith' → first 'Ann', last 'Lee Smith'; each part fits the case's 100-character columns. */
function splitName(name: string): { first: string; last: string } {
  const [first, ...rest] = name.trim().split(/\s+/);
  const last = rest.join(' ');
  if (first.length > LIMITS.nameMax || last.length > LIMITS.nameMax) {
    throw ValidationException.forField(
      'engineer_name',
      `The first and last name may each be at most ${LIMITS.nameMax} characters.`,
    );
  }
  return { first, last };
}

/** The phone as 'countrycode: number' when a country code is given; a number already in that form is kept. */
function phoneWithCountry(phone: string | null, countryCode: string | null | undefined, max: number): string | null {
  if (!phone) return null;
  const formatted = /^[A-Za-z]{2}:\s*/.test(phone) || !countryCode ? phone : `${countryCode}: ${phone}`;
  if (formatted.length > max) {
    throw ValidationException.forField('engineer_phone', `The phone may not be greater than ${max} characters.`);
  }
  return formatted;
}
