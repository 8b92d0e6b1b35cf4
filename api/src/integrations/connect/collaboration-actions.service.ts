import { Injectable } from '@nestjs/common';
import type {
  CollaborationApprovalBody,
  CollaborationEngineerBody,
  CaseNoteBody,
  CollaborationNote,
  CollaborationRequest,
  CollaborationInformationRequestBody,
  CollaborationInformationResponseBody,
  CollaborationRejectionBody,
  RespondBody,
} from '@casebridge/contracts';
import type { z } from 'zod';
import type { CaseWriteOptions } from '../../cases/case-access.service';
import { CaseCollaborationService } from '../../cases/case-collaboration.service';
import { CaseResponsesService } from '../../cases/case-responses.service';
import type { Actor } from '../../platform/access/actor';
import { toCollaborationNote } from './collaboration-request.mapper';
import { CollaborationRequestsService, companyOf } from './collaboration-requests.service';

type Answer = z.output<typeof RespondBody>;

/** An answer with nothing but its status: each action fills in its own fields. */
const BLANK_ANSWER: Omit<Answer, 'status'> = {
  case_number: null,
  engineer_name: null,
  engineer_email: null,
  engineer_phone: null,
  reviewer_name: null,
  reviewer_email: null,
  next_steps: null,
  additional_information: null,
};

/**
 * The integration API's actions on a case: each is what the member app or the token page does, through the same
 * service, as the signed-in caller (who may do what in which status is theirs to say). Each answers the case as it
 * is after the write; `options` carries If-Match to the write's own transaction.
 */
@Injectable()
export class CollaborationActionsService {
  constructor(
    private readonly responses: CaseResponsesService,
    private readonly collaboration: CaseCollaborationService,
    private readonly requests: CollaborationRequestsService,
  ) {}

  approve(actor: Actor, token: string, body: z.output<typeof CollaborationApprovalBody>, options: CaseWriteOptions) {
    return this.answer(actor, token, { ...BLANK_ANSWER, status: 'accepted', ...body }, options);
  }

  reject(actor: Actor, token: string, body: z.output<typeof CollaborationRejectionBody>, options: CaseWriteOptions) {
    const { reason, ...engineer } = body;
    return this.answer(actor, token, { ...BLANK_ANSWER, status: 'rejected', ...engineer, next_steps: reason }, options);
  }

  requestInformation(
    actor: Actor,
    token: string,
    body: z.output<typeof CollaborationInformationRequestBody>,
    options: CaseWriteOptions,
  ) {
    const { requested_information, ...engineer } = body;
    const answer: Answer = { ...BLANK_ANSWER, status: 'information', ...engineer, next_steps: requested_information };
    return this.answer(actor, token, answer, options);
  }

  supplyInformation(
    actor: Actor,
    token: string,
    body: z.output<typeof CollaborationInformationResponseBody>,
    options: CaseWriteOptions,
  ) {
    const answer: Answer = {
      ...BLANK_ANSWER,
      status: 'information-reply',
      additional_information: body.requested_information,
    };
    return this.answer(actor, token, answer, options);
  }

  async close(actor: Actor, token: string, options: CaseWriteOptions): Promise<CollaborationRequest> {
    companyOf(actor);
    await this.collaboration.close(actor, token, options);
    return this.requests.get(actor, token, { fresh: true });
  }

  /**
   * The engineer of the caller's own side, as the case page's "update details" sets it: the submitter's contact
   * (any status) or the receiver's response details (while accepted). The side is the caller's company's.
   */
  async updateEngineer(
    actor: Actor,
    token: string,
    body: z.output<typeof CollaborationEngineerBody>,
    options: CaseWriteOptions,
  ): Promise<CollaborationRequest> {
    const { direction } = await this.requests.get(actor, token);
    if (direction === 'inbound') await this.collaboration.updateResponse(actor, token, body, options);
    else await this.collaboration.updateSubmission(actor, token, body, options);
    return this.requests.get(actor, token, { fresh: true });
  }

  async addNote(
    actor: Actor,
    token: string,
    body: z.output<typeof CaseNoteBody>,
    options: CaseWriteOptions,
  ): Promise<CollaborationNote> {
    companyOf(actor);
    const { note } = await this.collaboration.addNote(actor, token, body, options);
    return toCollaborationNote(note);
  }

  private async answer(
    actor: Actor,
    token: string,
    answer: Answer,
    options: CaseWriteOptions,
  ): Promise<CollaborationRequest> {
    companyOf(actor);
    await this.responses.respondAsMember(actor, token, answer, options);
    return this.requests.get(actor, token, { fresh: true });
  }
}
