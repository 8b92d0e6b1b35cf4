import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  CHANGE_REQUEST_DONE,
  CHANGE_REQUEST_NOT_FOUND,
  CHANGE_REQUEST_SENT,
  routePath,
  rooms,
  SERVER_EVENTS,
  type ChangeRequestBody,
  type ChangeRequestRow,
  type MailJob,
} from '@casebridge/contracts';
import { ChangeRequest, Company, User } from '@casebridge/db';
import { type ServerConfig } from '@casebridge/server-core';
import { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import type { Actor } from '../../platform/access/actor';
import { htmlToPlainText } from '../../platform/common/rich-text';
import { SERVER_CONFIG } from '../../platform/config/config.module';
import { MailProducer } from '../../platform/mail/mail.producer';
import { RealtimePublisher } from '../../platform/realtime/realtime.publisher';
import { AdminScopeService } from './admin-scope.service';

/**
 * Company change requests (the admin pages' Contact buttons): stored, mailed to the membership team, listed with
 * their state for the company's admins and the back office, and marked done there. Both sides see a change live.
 */
@Injectable()
export class ChangeRequestsService {
  constructor(
    private readonly em: EntityManager,
    private readonly scope: AdminScopeService,
    private readonly mail: MailProducer,
    private readonly publisher: RealtimePublisher,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async request(actor: Actor, body: z.output<typeof ChangeRequestBody>) {
    const company = await this.scope.company(actor);
    const user = await this.em.findOneOrFail(User, { id: actor.userId });
    const request = this.em.create(ChangeRequest, {
      company,
      user,
      changeType: body.change_type,
      changes: htmlToPlainText(body.changes),
    });
    await this.em.flush();
    const row = toChangeRequestRow(request);
    // After the commit: the row exists when the membership team opens the mailed link.
    await this.mail.send(changeRequestMail(request, this.config));
    this.announce(row);
    return { success: true, message: CHANGE_REQUEST_SENT, change_request: row };
  }

  async mine(actor: Actor) {
    return this.listOf(await this.scope.company(actor));
  }

  async ofCompany(companyId: number) {
    const company = await this.em.findOne(Company, { id: companyId });
    if (!company) throw new NotFoundException('Company not found.');
    return this.listOf(company);
  }

  /** Idempotent: a request already done keeps who marked it and when. */
  async markDone(actor: Actor, companyId: number, requestId: number) {
    const request = await this.em.findOne(
      ChangeRequest,
      { id: requestId, company: companyId },
      { populate: ['company', 'user', 'doneBy'] },
    );
    if (!request) throw new NotFoundException(CHANGE_REQUEST_NOT_FOUND);
    if (request.state !== 'done') {
      request.state = 'done';
      request.doneAt = new Date();
      request.doneBy = await this.em.findOneOrFail(User, { id: actor.userId });
      await this.em.flush();
      this.announce(toChangeRequestRow(request));
    }
    return { success: true, message: CHANGE_REQUEST_DONE, change_request: toChangeRequestRow(request) };
  }

  private async listOf(company: Company) {
    const requests = await this.em.find(
      ChangeRequest,
      { company },
      { populate: ['user', 'doneBy'], orderBy: { createdAt: 'desc', id: 'desc' } },
    );
    return { change_requests: requests.map(toChangeRequestRow) };
  }

  /** The row, to the company's admins (their company page) and to super admins (the company's back-office page). */
  private announce(row: ChangeRequestRow): void {
    this.publisher.emit([rooms.companyAdmins(row.company_id), rooms.superAdmins], SERVER_EVENTS.changeRequestChanged, {
      row,
    });
  }
}

const person = (user: User | null) => (user ? { id: user.id, name: user.fullName, email: user.email } : null);

/** Needs user and doneBy loaded. */
export function toChangeRequestRow(request: ChangeRequest): ChangeRequestRow {
  return {
    id: request.id,
    company_id: request.company.id,
    change_type: request.changeType,
    changes: request.changes,
    state: request.state,
    created_at: request.createdAt.toISOString(),
    requested_by: person(request.user),
    done_at: request.doneAt?.toISOString() ?? null,
    done_by: person(request.doneBy),
  };
}

/** To the membership team, with the company, the requester, the type and the text, linking to the company's page. */
export function changeRequestMail(request: ChangeRequest, config: ServerConfig): MailJob {
  const company = request.company;
  const link = `${config.PUBLIC_URL.replace(/\/$/, '')}${routePath('super_admin.company.detail', { company_id: company.id })}`;
  return {
    template: 'change-request',
    to: [config.MEMBERSHIP_EMAIL],
    variables: {
      company: company.name,
      requester_name: request.user?.fullName ?? '',
      requester_email: request.user?.email ?? '',
      change_type: request.changeType,
      note: request.changes,
      link,
    },
    dedupeKey: `change-request-${request.id}`,
  };
}
