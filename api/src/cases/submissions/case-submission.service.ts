import { Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { routePath, type Priority } from '@casebridge/contracts';
import {
  Case,
  CaseCustomerData,
  CaseEvent,
  ContactDocument,
  Requirement,
  watchForEntries,
  type User,
} from '@casebridge/db';
import { type ServerConfig } from '@casebridge/server-core';
import { EntityManager } from '@mikro-orm/postgresql';
import { randomBytes } from 'node:crypto';
import type { Actor } from '../../platform/access/actor';
import { SERVER_CONFIG } from '../../platform/config/config.module';
import { MemberContextService } from '../../directory/member-context.service';
import { MailProducer } from '../../platform/mail/mail.producer';
import { checkCaseSubmission, DOCUMENT_VIEW_POPULATE, responseHours } from '../../processes';
import { ProcessCatalogService } from './process-catalog.service';
import { addressList, caseReceiptMail, documentTemplate, newCaseMail, receiverName } from './submission-mails';
import type { StagedFile } from '../../platform/common/staged-files';
import { assertAcceptableFiles, CaseFiles } from '../case-files';

export const CASE_SUBMITTED = 'Your collaboration request has been sent.';
export const SAMPLE_CASE_SUBMITTED = 'Your sample request has been recorded. No e-mail was sent to the partner.';

/** Case tokens: 24 random bytes, 32 url-safe characters. */
export function newCaseToken(): string {
  return randomBytes(24).toString('base64url');
}

/** An ISO 3166 alpha-2 code as stored (2 letters), else the fallback. */
export function countryCodeOr(code: string | null | undefined, fallback: string): string {
  const value = (code ?? '').trim().toUpperCase();
  return /^[A-Z]{2}$/.test(value) ? value : fallback;
}

/** Submitting a collaboration request (a case) through a partner's process document. */
@Injectable()
export class CaseSubmissionService {
  private readonly logger = new Logger('CaseSubmission');

  constructor(
    private readonly em: EntityManager,
    private readonly members: MemberContextService,
    private readonly catalog: ProcessCatalogService,
    private readonly mail: MailProducer,
    private readonly files: CaseFiles,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async collaborate(
    actor: Actor,
    documentId: number,
    rawBody: unknown,
    checkOnly = false,
    files: readonly StagedFile[] = [],
  ) {
    const member = await this.members.loadCompanyMember(actor);
    const doc = await this.em.findOne(
      ContactDocument,
      { id: documentId, deletedAt: null, currentVersion: { status: 'approved' } },
      { populate: [...DOCUMENT_VIEW_POPULATE, 'emailTemplates.template'], strategy: 'select-in' },
    );
    if (!doc || !doc.currentVersion) throw new NotFoundException('Process not found.');
    this.members.assertMaySubmit(doc, member);
    const version = doc.currentVersion;
    // Everything is checked before anything is written.
    const { input, custom, department } = await checkCaseSubmission(this.em, doc, rawBody, checkOnly);
    if (files.length > 0) await assertAcceptableFiles(files);

    const sla = this.catalog.sla(doc, department, member);
    const priority: Priority = sla.locked ? 'low' : input.case_priority;
    const now = new Date();
    const isSample = input.sample_submission === true;
    // Sent to the sandbox partner: a trial the worker answers by itself (worker/src/sandbox).
    const isTest = doc.company.isSandbox;
    // The case, its data, its first entry and its files in one transaction (CaseFiles removes moved files on failure).
    const caseEntity = await this.files.transaction(async (moved) => {
      const caseEntity = this.em.create(Case, {
        token: newCaseToken(),
        internalCaseNumber: input.internal_case_number,
        submitterCompany: member.company,
        submitterUser: member.user,
        receiverCompany: doc.company,
        receiverDepartment: department,
        document: doc,
        documentVersion: version,
        status: 'open',
        priority,
        summary: input.problem_summary,
        description: input.problem_description,
        engineerFirstName: input.first_name,
        engineerLastName: input.last_name,
        engineerEmail: input.email,
        engineerPhone: input.phone_number,
        engineerPhoneCountryCode: countryCodeOr(input.phone_country_code, member.user.phoneCountryCode),
        // A test case has no response time: no countdown, never late.
        responseDueAt: isTest ? null : new Date(now.getTime() + responseHours(sla.group, priority) * 3600 * 1000),
        isSample,
        isTest,
        eventSeq: 1,
        // The "submitted" entry below, seen by every side.
        entriesSubmitter: 1,
        entriesReceiver: 1,
        entriesStaff: 1,
        createdAt: now,
        updatedAt: now,
      });
      for (const row of custom.rows) {
        this.em.create(CaseCustomerData, {
          case: caseEntity,
          section: row.section,
          field: row.field,
          value: row.value,
          type: row.type,
          requirement: this.em.getReference(Requirement, row.requirementId),
        });
      }
      // A new case has no other writer yet, so its first event takes seq 1 in the same flush.
      this.em.create(CaseEvent, {
        case: caseEntity,
        seq: 1,
        type: 'submitted',
        actorUser: member.user,
        actorLabel: `${member.user.fullName} (${member.company.name})`,
        payload: { priority, sample: isSample },
      });
      if (input.update_profile) {
        member.user.firstName = input.first_name;
        member.user.lastName = input.last_name;
        member.user.phone = input.phone_number;
        member.user.phoneCountryCode = countryCodeOr(input.phone_country_code, member.user.phoneCountryCode);
      }
      await this.em.flush();
      // The submitter (and the engineers the case names) watch it from the start; idempotent, like the case's
      // later entries' watching (appendCaseEvents).
      await watchForEntries(
        (sql, params) => this.em.execute(sql, [...params]),
        [{ caseId: caseEntity.id, type: 'submitted', actorUserId: member.user.id }],
      );
      // The submitter's files join the case in the same transaction, after its first entry.
      if (files.length > 0) {
        const author = { user: member.user, company: member.company, label: member.user.fullName };
        await this.files.attach(caseEntity, author, files, null, moved);
      }
      return caseEntity;
    });

    // Nobody reads the sandbox's mail: it answers through the worker.
    if (!isSample && !isTest) await this.sendNewCaseMail(caseEntity, doc, member.user);
    return {
      message: isSample ? SAMPLE_CASE_SUBMITTED : CASE_SUBMITTED,
      case: {
        token: caseEntity.token,
        internal_case_number: caseEntity.internalCaseNumber,
        summary: caseEntity.summary,
        priority: caseEntity.priority,
        status: caseEntity.status,
        receiver: { name: receiverName(caseEntity) },
        created_at: caseEntity.createdAt.toISOString(),
        escalation_instructions: version.escalationInstructions,
        is_sample: caseEntity.isSample,
      },
    };
  }

  /** The case mail to the process's collaborate e-mail (cc the version's cc, bcc the receiver's inbound bcc). */
  private async sendNewCaseMail(caseEntity: Case, doc: ContactDocument, submitter: User): Promise<void> {
    const version = doc.currentVersion!;
    const to = addressList(version.collaborateEmail ?? version.escalationUser?.email);
    if (to.length === 0) {
      this.logger.warn(`process ${doc.id} has no collaborate e-mail: case ${caseEntity.id} was not mailed`);
      return;
    }
    const cc = addressList(version.collaborateCcEmail).filter((address) => !to.includes(address));
    const bcc = addressList(caseEntity.receiverCompany.bccResponseEmail);
    const site = this.config.PUBLIC_URL.replace(/\/$/, '');
    const link = `${site}${routePath('case-response', { token: caseEntity.token })}`;
    const template = documentTemplate(doc, ['new_receiving_member'], 'new_receiving_member');
    const caseLink = `${site}${routePath('case-info', { token: caseEntity.token })}`;
    try {
      await this.mail.send(newCaseMail(caseEntity, doc, to, cc, bcc, link, template));
      // The submitter's receipt: the case reached its partner (their preferences may turn it off).
      await this.mail.send(caseReceiptMail(caseEntity, doc, submitter, caseLink));
    } catch (error) {
      // The case is stored; a lost enqueue must not make the member submit it twice.
      this.logger.error(`case ${caseEntity.id}: the new-case mails could not be queued: ${String(error)}`);
    }
  }
}
