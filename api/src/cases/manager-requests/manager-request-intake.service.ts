import { Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { routePath, type ManagerRequestBody } from '@casebridge/contracts';
import { appendCaseEvent, Case, ContactDocument, ManagerRequest } from '@casebridge/db';
import { type ServerConfig } from '@casebridge/server-core';
import { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import type { Actor } from '../../platform/access/actor';
import { ValidationException } from '../../platform/common/errors';
import { SERVER_CONFIG } from '../../platform/config/config.module';
import { DOCUMENT_ACCESS_POPULATE, MemberContextService } from '../../directory/member-context.service';
import { MailProducer } from '../../platform/mail/mail.producer';
import { countryCodeOr, newCaseToken } from '../submissions/case-submission.service';
import { documentTemplate, managerRequestMail } from '../submissions/submission-mails';
import { linkedCaseId } from './manager-request-case-link';

export const MANAGER_REQUEST_SENT = 'Your escalation request has been sent to the process managers.';
export const SAMPLE_MANAGER_REQUEST =
  'Your sample escalation request is valid. Nothing was stored and no e-mail was sent.';

/** A member's manager escalation request through a partner's manager-type process: checked, stored and mailed. */
@Injectable()
export class ManagerRequestIntakeService {
  private readonly logger = new Logger('ManagerRequest');

  constructor(
    private readonly em: EntityManager,
    private readonly members: MemberContextService,
    private readonly mail: MailProducer,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async create(actor: Actor, body: z.output<typeof ManagerRequestBody>) {
    const member = await this.members.loadCompanyMember(actor);
    const doc = await this.em.findOne(
      ContactDocument,
      { id: body.contact_document_id, deletedAt: null, currentVersion: { status: 'approved' } },
      { populate: [...DOCUMENT_ACCESS_POPULATE, 'managers.user', 'emailTemplates.template'], strategy: 'select-in' },
    );
    if (!doc || !doc.currentVersion) throw new NotFoundException('Process not found.');
    this.members.assertMaySubmit(doc, member);
    if (doc.company.id !== body.receive_company_id)
      throw ValidationException.forField('receive_company_id', 'The partner does not match the process.');
    if (doc.currentVersion.documentType !== 'manager')
      throw ValidationException.forField('contact_document_id', 'This process does not take manager requests.');
    const managers = doc.managers
      .getItems()
      .map((manager) => manager.user)
      .filter((user) => user.status === 'active');
    if (managers.length === 0)
      throw ValidationException.forField('contact_document_id', 'This process has no manager to receive requests.');

    if (body.sample_submission) {
      return { message: SAMPLE_MANAGER_REQUEST, request: { token: '', created_at: new Date().toISOString() } };
    }
    const phoneCountryCode = countryCodeOr(body.phone_country_code, member.user.phoneCountryCode);
    const request = await this.em.transactional(async () => {
      const request = this.em.create(ManagerRequest, {
        token: newCaseToken(),
        submitterCompany: member.company,
        receiverCompany: doc.company,
        document: doc,
        user: member.user,
        firstName: body.first_name,
        lastName: body.last_name,
        email: body.email,
        phone: body.phone,
        phoneCountryCode,
        internalReference: body.internal_reference,
        vendorReference: body.vendor_reference,
        businessImpact: body.business_impact,
        escalationType: body.escalation_type,
        notes: body.notes,
      });
      if (body.update_profile) {
        member.user.firstName = body.first_name;
        member.user.lastName = body.last_name;
        member.user.phone = body.phone;
        member.user.phoneCountryCode = phoneCountryCode;
      }
      const caseId = await linkedCaseId(this.em, member.company.id, doc.company.id, body.vendor_reference);
      if (caseId === null) return request;
      request.case = this.em.getReference(Case, caseId);
      // Flushed first so the case's entry can name the request (the live message carries it).
      await this.em.flush();
      await appendCaseEvent(this.em, {
        caseId,
        type: 'manager_request_submitted',
        actorLabel: member.user.fullName,
        actorUserId: member.user.id,
        payload: {
          manager_request_id: request.id,
          process: doc.name,
          escalation_type: request.escalationType,
          requested_by: `${request.firstName} ${request.lastName}`.trim(),
        },
      });
      return request;
    });

    const link = `${this.config.PUBLIC_URL.replace(/\/$/, '')}${routePath('manager.response', { token: request.token })}`;
    const template = documentTemplate(doc, ['manager-request', 'new_receiving_member'], 'manager-request');
    for (const manager of managers) {
      try {
        await this.mail.send(managerRequestMail(request, doc, manager, member.company, link, template));
      } catch (error) {
        this.logger.error(`manager request ${request.id}: mail to ${manager.id} not queued: ${String(error)}`);
      }
    }
    return {
      message: MANAGER_REQUEST_SENT,
      request: { token: request.token, created_at: request.createdAt.toISOString() },
    };
  }
}
