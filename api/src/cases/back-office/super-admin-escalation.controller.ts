import { Controller } from '@nestjs/common';
import { API, EscalationFilterParam, type EscalationQueueQuery } from '@casebridge/contracts';
import type { z } from 'zod';
import type { Actor } from '../../platform/access/actor';
import { CurrentActor } from '../../platform/access/current-actor.decorator';
import { IdParam, Route, TextParam, ValidQuery } from '../../platform/common/contract-route';
import { parseOrThrow } from '../../platform/common/errors';
import { EscalationQueueService } from './escalation-queue.service';

const api = API.superAdminEscalation;

/** Back office: the dashboard's escalation queue, its spreadsheet and the super admin's case details. */
@Controller()
export class SuperAdminEscalationController {
  constructor(private readonly escalation: EscalationQueueService) {}

  // The queue and report routes come before escalation/:id/..., whose id would otherwise swallow "queue".
  @Route(api.queue)
  queue(
    @CurrentActor() actor: Actor,
    @TextParam('filter') filter: string,
    @ValidQuery() query: z.output<typeof EscalationQueueQuery>,
  ) {
    return this.escalation.queue(actor, parseOrThrow(EscalationFilterParam, { filter }).filter, query);
  }

  @Route(api.report)
  report(@CurrentActor() actor: Actor, @TextParam('filter') filter: string) {
    return this.escalation.report(actor, { filter });
  }

  @Route(api.reportFrom)
  reportFrom(@CurrentActor() actor: Actor, @TextParam('filter') filter: string, @TextParam('start') start: string) {
    return this.escalation.report(actor, { filter, start });
  }

  @Route(api.reportRange)
  reportRange(
    @CurrentActor() actor: Actor,
    @TextParam('filter') filter: string,
    @TextParam('start') start: string,
    @TextParam('end') end: string,
  ) {
    return this.escalation.report(actor, { filter, start, end });
  }

  @Route(api.delete)
  delete(@IdParam('id') id: number) {
    return this.escalation.delete(id);
  }

  @Route(api.details)
  details(@IdParam('case_id') id: number) {
    return this.escalation.details(id);
  }
}
