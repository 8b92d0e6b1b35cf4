import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import {
  MANAGER_REQUEST_ANSWERED,
  MESSAGES,
  type ManagerRequestShape,
  type ManagerResponseBody,
  type ManagerResponseShape,
} from '@casebridge/contracts';
import { appendCaseEvent, ManagerRequest, ManagerResponse, User } from '@casebridge/db';
import { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import { SessionTokenService } from '../../platform/authentication/session-token.service';

type RequestShape = z.infer<typeof ManagerRequestShape>;
type ResponseShape = z.infer<typeof ManagerResponseShape>;
type ResponseBody = z.output<typeof ManagerResponseBody>;

/**
 * The manager critical-escalation response page: the token link shows the request and its
 * answers and takes a new answer. The token is the only key; an unknown token is a 404.
 */
@Injectable()
export class ManagerRequestAnswersService {
  constructor(
    private readonly em: EntityManager,
    private readonly sessions: SessionTokenService,
  ) {}

  async get(token: string): Promise<{ request: RequestShape; responses: ResponseShape[] }> {
    const request = await this.load(token);
    return { request: toRequest(request), responses: await this.responsesOf(request) };
  }

  async responses(token: string): Promise<{ responses: ResponseShape[] }> {
    return { responses: await this.responsesOf(await this.load(token)) };
  }

  /**
   * Stores a manager's answer. With update_profile, a responder who is signed in as a user of the receiving
   * company also gets their own name and phone updated from the form, and nothing else; the token link alone
   * never changes an account.
   */
  async respond(
    token: string,
    body: ResponseBody,
    bearer: string | null,
  ): Promise<{ message: string; response: ResponseShape }> {
    const request = await this.load(token);
    const response = await this.em.transactional(async () => {
      // The link takes one answer: one conditional statement, so of two managers answering at once one is stored.
      const claimed = await this.em.nativeUpdate(
        ManagerRequest,
        { id: request.id, answeredAt: null },
        { answeredAt: new Date() },
      );
      if (claimed === 0) throw new ConflictException(MANAGER_REQUEST_ANSWERED);
      const response = this.em.create(ManagerResponse, {
        request,
        firstName: body.first_name,
        lastName: body.last_name,
        email: body.email,
        phone: body.phone,
        phoneCountryCode: body.phone_country_code ?? request.phoneCountryCode,
        internalReference: body.internal_reference,
        escalationType: body.escalation_type,
        notes: body.notes,
      });
      if (body.update_profile && bearer) {
        const actor = await this.sessions.authenticate(bearer);
        if (actor && actor.companyId === request.receiverCompany.id) {
          const user = await this.em.findOneOrFail(User, actor.userId);
          user.firstName = body.first_name;
          user.lastName = body.last_name;
          if (body.phone) user.phone = body.phone;
          if (body.phone_country_code) user.phoneCountryCode = body.phone_country_code;
        }
      }
      await this.em.flush();
      if (request.case) await this.recordAnswer(request.case.id, request, response);
      return response;
    });
    return { message: MESSAGES.responseSent, response: toResponse(response) };
  }

  /** A linked request's answer goes on its case's log, in the answer's transaction. */
  private async recordAnswer(caseId: number, request: ManagerRequest, response: ManagerResponse): Promise<void> {
    const answeredBy = `${response.firstName} ${response.lastName}`.trim();
    await appendCaseEvent(this.em, {
      caseId,
      type: 'manager_request_answered',
      actorLabel: `${answeredBy} (${request.receiverCompany.name}, manager link)`,
      payload: {
        manager_request_id: request.id,
        manager_response_id: response.id,
        process: request.document.name,
        escalation_type: response.escalationType,
        answered_by: answeredBy,
      },
    });
  }

  private async load(token: string): Promise<ManagerRequest> {
    const request = await this.em.findOne(
      ManagerRequest,
      { token },
      { populate: ['submitterCompany', 'receiverCompany', 'document'] },
    );
    if (!request) throw new NotFoundException('Manager request not found.');
    return request;
  }

  private async responsesOf(request: ManagerRequest): Promise<ResponseShape[]> {
    const responses = await this.em.find(ManagerResponse, { request }, { orderBy: { createdAt: 'asc', id: 'asc' } });
    return responses.map(toResponse);
  }
}

function toRequest(request: ManagerRequest): RequestShape {
  return {
    token: request.token,
    submitting_company: { name: request.submitterCompany.name },
    receiving_company: { name: request.receiverCompany.name },
    document: { name: request.document.name },
    internal_reference: request.internalReference ?? '',
    vendor_reference: request.vendorReference,
    created_at: request.createdAt.toISOString(),
    first_name: request.firstName,
    last_name: request.lastName,
    email: request.email,
    phone: request.phone,
    business_impact: request.businessImpact ?? '',
    escalation_type: request.escalationType,
    notes: request.notes,
    answered: request.answeredAt !== null,
  };
}

function toResponse(response: ManagerResponse): ResponseShape {
  return {
    id: response.id,
    first_name: response.firstName,
    last_name: response.lastName,
    email: response.email,
    phone: response.phone,
    phone_country_code: response.phoneCountryCode,
    internal_reference: response.internalReference,
    escalation_type: response.escalationType,
    notes: response.notes,
    created_at: response.createdAt.toISOString(),
  };
}
