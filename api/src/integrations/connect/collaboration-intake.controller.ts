import { Body, Controller, Headers, UseInterceptors } from '@nestjs/common';
import { API, type CollaborationEngineerBody } from '@casebridge/contracts';
import type { z } from 'zod';
import { DocumentsService } from '../../cases/submissions/documents.service';
import type { Actor } from '../../platform/access/actor';
import { CurrentActor } from '../../platform/access/current-actor.decorator';
import { IdParam, Route, TextParam, ValidBody } from '../../platform/common/contract-route';
import { ifMatchEventSeqs } from './case-versions';
import { CaseEntityTagInterceptor } from './case-tag.interceptor';
import { CollaborationActionsService } from './collaboration-actions.service';
import { CollaborationSubmissionService } from './collaboration-submission.service';
import { companyOf } from './collaboration-requests.service';

/**
 * Casebridge Connect v1: opening a case as the submit-case form does (the partner's form, then the case) and the
 * engineer of the caller's side. The interceptor below Route runs outside it: the answer's ETag, replays included.
 */
@Controller()
export class CollaborationIntakeController {
  constructor(
    private readonly documents: DocumentsService,
    private readonly submissions: CollaborationSubmissionService,
    private readonly actions: CollaborationActionsService,
  ) {}

  @Route(API.connectIntake.document)
  document(@CurrentActor() actor: Actor, @IdParam('id') id: number) {
    companyOf(actor);
    return this.documents.intakeDocument(actor, id);
  }

  /** The body is checked by the service: this API's schema and the form's own checks in one 422. */
  @Route(API.connectIntake.submit)
  @UseInterceptors(CaseEntityTagInterceptor)
  submit(@CurrentActor() actor: Actor, @Body() body: unknown) {
    return this.submissions.submit(actor, body);
  }

  @Route(API.connectIntake.engineer)
  @UseInterceptors(CaseEntityTagInterceptor)
  engineer(
    @CurrentActor() actor: Actor,
    @TextParam('token') token: string,
    @ValidBody() body: z.output<typeof CollaborationEngineerBody>,
    @Headers('if-match') ifMatch?: string,
  ) {
    return this.actions.updateEngineer(actor, token, body, { ifEventSeq: ifMatchEventSeqs(ifMatch) });
  }
}
