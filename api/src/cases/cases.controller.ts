import { Controller } from '@nestjs/common';
import {
  API,
  LIMITS,
  type AssignCaseBody,
  type CaseListQuery,
  type CaseNoteBody,
  type UpdateEngineerBody,
} from '@casebridge/contracts';
import { z } from 'zod';
import type { Actor } from '../platform/access/actor';
import { CurrentActor } from '../platform/access/current-actor.decorator';
import { IdParam, Route, TextParam, ValidBody, ValidQuery } from '../platform/common/contract-route';
import { parseOrThrow } from '../platform/common/errors';
import { CaseAssignmentService } from './case-assignment.service';
import { CaseCollaborationService } from './case-collaboration.service';
import { CaseDetailsService } from './case-details.service';
import { CaseListService } from './case-list.service';

type ListQuery = z.output<typeof CaseListQuery>;

const ScopeParam = z.object({ scope: z.enum(['mine', 'company'], { error: 'The scope must be mine or company.' }) });
const DaysParam = z.object({
  days: z.literal(String(LIMITS.casesThirtyDays), { error: `The days must be ${LIMITS.casesThirtyDays}.` }),
});
// Built once: zod compiles an object schema on its first parse.
const ScopeAndDaysParams = ScopeParam.merge(DaysParam);

/** The member's case tables and case page. */
@Controller()
export class CasesController {
  constructor(
    private readonly lists: CaseListService,
    private readonly collaboration: CaseCollaborationService,
    private readonly caseDetails: CaseDetailsService,
    private readonly assignment: CaseAssignmentService,
  ) {}

  @Route(API.cases.list)
  list(@CurrentActor() actor: Actor, @TextParam('scope') scope: string, @ValidQuery() query: ListQuery) {
    const parsed = parseOrThrow(ScopeParam, { scope });
    return this.lists.list(actor, { scope: parsed.scope, recent: false, defaultSort: 'updated_at' }, query);
  }

  @Route(API.cases.listRecent)
  listRecent(
    @CurrentActor() actor: Actor,
    @TextParam('scope') scope: string,
    @TextParam('days') days: string,
    @ValidQuery() query: ListQuery,
  ) {
    const parsed = parseOrThrow(ScopeAndDaysParams, { scope, days });
    return this.lists.list(actor, { scope: parsed.scope, recent: true, defaultSort: 'updated_at' }, query);
  }

  @Route(API.cases.myCases)
  async myCases(@CurrentActor() actor: Actor, @ValidQuery() query: ListQuery) {
    const myCases = await this.lists.list(
      actor,
      { scope: 'my-cases', recent: false, defaultSort: 'created_at' },
      query,
    );
    return { my_cases: myCases };
  }

  @Route(API.cases.inboundActionCount)
  inboundActionCount(@CurrentActor() actor: Actor) {
    return this.lists.inboundActionCount(actor);
  }

  @Route(API.cases.details)
  details(@CurrentActor() actor: Actor, @TextParam('token') token: string) {
    return this.caseDetails.forMember(actor, token);
  }

  @Route(API.cases.updateResponse)
  updateResponse(
    @CurrentActor() actor: Actor,
    @TextParam('token') token: string,
    @ValidBody() body: z.output<typeof UpdateEngineerBody>,
  ) {
    return this.collaboration.updateResponse(actor, token, body);
  }

  @Route(API.cases.assigneeOptions)
  assigneeOptions(@CurrentActor() actor: Actor, @TextParam('token') token: string) {
    return this.assignment.options(actor, token);
  }

  @Route(API.cases.assign)
  assign(
    @CurrentActor() actor: Actor,
    @TextParam('token') token: string,
    @ValidBody() body: z.output<typeof AssignCaseBody>,
  ) {
    return this.assignment.assign(actor, token, body.user_id);
  }

  @Route(API.cases.updateSubmission)
  updateSubmission(
    @CurrentActor() actor: Actor,
    @TextParam('token') token: string,
    @ValidBody() body: z.output<typeof UpdateEngineerBody>,
  ) {
    return this.collaboration.updateSubmission(actor, token, body);
  }

  @Route(API.cases.addNote)
  addNote(
    @CurrentActor() actor: Actor,
    @TextParam('token') token: string,
    @ValidBody() body: z.output<typeof CaseNoteBody>,
  ) {
    return this.collaboration.addNote(actor, token, body);
  }

  @Route(API.cases.close)
  close(@CurrentActor() actor: Actor, @TextParam('token') token: string) {
    return this.collaboration.close(actor, token);
  }

  @Route(API.cases.data)
  data(@CurrentActor() actor: Actor, @TextParam('token') token: string, @IdParam('companyId') companyId: number) {
    return this.collaboration.collaborationData(actor, token, companyId);
  }
}
