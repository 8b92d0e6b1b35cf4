import { Controller, Headers, Res, UseInterceptors } from '@nestjs/common';
import {
  API,
  type CollaborationApprovalBody,
  type CaseNoteBody,
  type CollaborationRequestQuery,
  type CollaborationInformationRequestBody,
  type CollaborationInformationResponseBody,
  type CollaborationRejectionBody,
} from '@casebridge/contracts';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { Actor } from '../../platform/access/actor';
import { CurrentActor } from '../../platform/access/current-actor.decorator';
import { Route, TextParam, ValidBody, ValidQuery } from '../../platform/common/contract-route';
import { CaseEntityTagInterceptor } from './case-tag.interceptor';
import { caseEntityTag, ifMatchEventSeqs } from './case-versions';
import { CollaborationActionsService } from './collaboration-actions.service';
import { CollaborationRequestsService } from './collaboration-requests.service';

/** If-Match, as the case services take it. The actions answer the case with its ETag, for the next If-Match. */
const writeOptions = (ifMatch: string | undefined) => ({ ifEventSeq: ifMatchEventSeqs(ifMatch) });

/** Casebridge Connect v1: a company's cases (collaboration requests), their answers and notes. */
@Controller()
export class CollaborationRequestsController {
  constructor(
    private readonly requests: CollaborationRequestsService,
    private readonly actions: CollaborationActionsService,
  ) {}

  @Route(API.connectCases.list)
  list(@CurrentActor() actor: Actor, @ValidQuery() query: z.output<typeof CollaborationRequestQuery>) {
    return this.requests.list(actor, query);
  }

  @Route(API.connectCases.get)
  async get(
    @CurrentActor() actor: Actor,
    @TextParam('token') token: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const request = await this.requests.get(actor, token);
    // The case's own tag: its version first, which If-Match on a write compares (connect-http's hook keeps it).
    void reply.header('ETag', caseEntityTag(request));
    return request;
  }

  @Route(API.connectCases.approve)
  @UseInterceptors(CaseEntityTagInterceptor)
  approve(
    @CurrentActor() actor: Actor,
    @TextParam('token') token: string,
    @ValidBody() body: z.output<typeof CollaborationApprovalBody>,
    @Headers('if-match') ifMatch?: string,
  ) {
    return this.actions.approve(actor, token, body, writeOptions(ifMatch));
  }

  @Route(API.connectCases.reject)
  @UseInterceptors(CaseEntityTagInterceptor)
  reject(
    @CurrentActor() actor: Actor,
    @TextParam('token') token: string,
    @ValidBody() body: z.output<typeof CollaborationRejectionBody>,
    @Headers('if-match') ifMatch?: string,
  ) {
    return this.actions.reject(actor, token, body, writeOptions(ifMatch));
  }

  @Route(API.connectCases.requestInformation)
  @UseInterceptors(CaseEntityTagInterceptor)
  requestInformation(
    @CurrentActor() actor: Actor,
    @TextParam('token') token: string,
    @ValidBody() body: z.output<typeof CollaborationInformationRequestBody>,
    @Headers('if-match') ifMatch?: string,
  ) {
    return this.actions.requestInformation(actor, token, body, writeOptions(ifMatch));
  }

  @Route(API.connectCases.supplyInformation)
  @UseInterceptors(CaseEntityTagInterceptor)
  supplyInformation(
    @CurrentActor() actor: Actor,
    @TextParam('token') token: string,
    @ValidBody() body: z.output<typeof CollaborationInformationResponseBody>,
    @Headers('if-match') ifMatch?: string,
  ) {
    return this.actions.supplyInformation(actor, token, body, writeOptions(ifMatch));
  }

  @Route(API.connectCases.close)
  @UseInterceptors(CaseEntityTagInterceptor)
  close(@CurrentActor() actor: Actor, @TextParam('token') token: string, @Headers('if-match') ifMatch?: string) {
    return this.actions.close(actor, token, writeOptions(ifMatch));
  }

  @Route(API.connectCases.notes)
  notes(@CurrentActor() actor: Actor, @TextParam('token') token: string) {
    return this.requests.notes(actor, token);
  }

  @Route(API.connectCases.addNote)
  addNote(
    @CurrentActor() actor: Actor,
    @TextParam('token') token: string,
    @ValidBody() body: z.output<typeof CaseNoteBody>,
    @Headers('if-match') ifMatch?: string,
  ) {
    return this.actions.addNote(actor, token, body, writeOptions(ifMatch));
  }
}
