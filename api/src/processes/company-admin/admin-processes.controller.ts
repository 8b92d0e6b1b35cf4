import { Body, Controller, UploadedFiles } from '@nestjs/common';
import { API } from '@casebridge/contracts';
import type { z } from 'zod';
import type { Actor } from '../../platform/access/actor';
import { CurrentActor } from '../../platform/access/current-actor.decorator';
import { IdParam, Route, ValidBody } from '../../platform/common/contract-route';
import { AdminProcessesService } from './admin-processes.service';
import { ProcessSamplesService } from './process-samples.service';
import type { StagedFile } from '../../platform/common/staged-files';
import { CaseAttachmentUploads } from '../../cases/cases.module';
import { submissionOfForm } from '../submission-form';

type UpdateBody = z.output<NonNullable<typeof API.adminProcesses.update.body>>;
type ManagerSampleBody = z.output<NonNullable<typeof API.adminProcesses.submitSampleManager.body>>;

/** Inbound process documents of the admin's company (routes admin.inbound_process*, admin.limited_process). */
@Controller()
export class AdminProcessesController {
  constructor(
    private readonly processes: AdminProcessesService,
    private readonly samples: ProcessSamplesService,
  ) {}

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

  /**
   * The body is checked by the service: the contract's schema and the process's own fields in one 422. JSON, or
   * multipart with the body in `payload` and files (checked, then dropped: a test stores nothing).
   */
  @Route(API.adminProcesses.submitSample, { upload: CaseAttachmentUploads })
  submitSample(
    @CurrentActor() actor: Actor,
    @IdParam('documentId') documentId: number,
    @Body() body: unknown,
    @UploadedFiles() files: StagedFile[] | undefined,
  ) {
    return this.samples.submitCase(actor, documentId, submissionOfForm(body, files), files ?? []);
  }

  @Route(API.adminProcesses.submitSampleManager)
  submitSampleManager(
    @CurrentActor() actor: Actor,
    @IdParam('documentId') documentId: number,
    @ValidBody() body: ManagerSampleBody,
  ) {
    return this.samples.submitManager(actor, documentId, body);
  }
}
