import { Controller } from '@nestjs/common';
import { API } from '@casebridge/contracts';
import type { z } from 'zod';
import type { Actor } from '../access/actor';
import { CurrentActor } from '../access/current-actor.decorator';
import { IdParam, Route, ValidBody } from '../common/contract-route';
import { AdminProcessesService } from './admin-processes.service';

type UpdateBody = z.output<NonNullable<typeof API.adminProcesses.update.body>>;

/** Inbound process documents of the admin's company (routes admin.inbound_process*, admin.limited_process). */
@Controller()
export class AdminProcessesController {
  constructor(private readonly processes: AdminProcessesService) {}

  @Route(API.adminProcesses.list)
  list(@CurrentActor() actor: Actor) {
    return this.processes.list(actor);
  }

  // Declared before :documentId so "limited" is not taken for an id.
  @Route(API.adminProcesses.limited)
  limited(@CurrentActor() actor: Actor) {
    return this.processes.limited(actor);
  }

  @Route(API.adminProcesses.detail)
  detail(@CurrentActor() actor: Actor, @IdParam('documentId') documentId: number) {
    return this.processes.detail(actor, documentId);
  }

  @Route(API.adminProcesses.update)
  update(@CurrentActor() actor: Actor, @IdParam('documentId') documentId: number, @ValidBody() body: UpdateBody) {
    return this.processes.update(actor, documentId, body);
  }

  @Route(API.adminProcesses.sample)
  sample(@CurrentActor() actor: Actor, @IdParam('documentId') documentId: number) {
    return this.processes.sample(actor, documentId);
  }
}
