import { Body, Controller, UploadedFiles } from '@nestjs/common';
import { DbSelectBody, DocumentNoteBody, documentsApi, ManagerRequestBody } from '@casebridge/contracts';
import type { z } from 'zod';
import type { Actor } from '../../platform/access/actor';
import { CurrentActor } from '../../platform/access/current-actor.decorator';
import { CheckOnly, IdParam, Route, TextParam, ValidBody } from '../../platform/common/contract-route';
import { CaseSubmissionService } from './case-submission.service';
import { DocumentsService } from './documents.service';
import type { StagedFile } from '../../platform/common/staged-files';
import { CaseAttachmentUploads } from '../case-uploads';
import { submissionOfForm } from '../../processes';
import { ManagerRequestIntakeService } from '../manager-requests/manager-request-intake.service';

/** Submit-case (submitting a request to a partner): process documents, requests and their helpers. */
@Controller()
export class SubmissionsController {
  constructor(
    private readonly documents: DocumentsService,
    private readonly cases: CaseSubmissionService,
    private readonly managerRequests: ManagerRequestIntakeService,
  ) {}

  @Route(documentsApi.documents)
  list(@CurrentActor() actor: Actor, @TextParam('type') type: string, @IdParam('entity_id') entityId: number) {
    return this.documents.documents(actor, type, entityId);
  }

  @Route(documentsApi.subDocuments)
  subDocuments(
    @CurrentActor() actor: Actor,
    @IdParam('documentId') documentId: number,
    @TextParam('type') type: string,
    @IdParam('entity_id') entityId: number,
  ) {
    return this.documents.subDocuments(actor, documentId, type, entityId);
  }

  /**
   * The body is checked by the service: the contract's schema and the process's own fields in one 422. JSON, or
   * multipart with the same body as JSON in `payload` and the attachments in `files`.
   */
  @Route(documentsApi.collaborate, { upload: CaseAttachmentUploads })
  collaborate(
    @CurrentActor() actor: Actor,
    @IdParam('documentId') documentId: number,
    @Body() body: unknown,
    @CheckOnly() checkOnly: boolean,
    @UploadedFiles() files: StagedFile[] | undefined,
  ) {
    return this.cases.collaborate(actor, documentId, submissionOfForm(body, files), checkOnly, files ?? []);
  }

  @Route(documentsApi.managerRequest)
  managerRequest(@CurrentActor() actor: Actor, @ValidBody() body: z.output<typeof ManagerRequestBody>) {
    return this.managerRequests.create(actor, body);
  }

  @Route(documentsApi.storeNote)
  storeNote(@CurrentActor() actor: Actor, @ValidBody() body: z.output<typeof DocumentNoteBody>) {
    return this.documents.storeNote(actor, body);
  }

  @Route(documentsApi.dbSelectOptions)
  dbSelectOptions(@ValidBody() body: z.output<typeof DbSelectBody>) {
    return this.documents.dbSelectOptions(body);
  }

  @Route(documentsApi.caseExchange)
  caseExchange() {
    return this.documents.caseExchange();
  }

  @Route(documentsApi.documentFileDownload)
  documentFile(@CurrentActor() actor: Actor, @IdParam('documentId') documentId: number, @IdParam('id') id: number) {
    return this.documents.documentFileDownload(actor, documentId, id);
  }

  @Route(documentsApi.groupDocumentDownload)
  groupDocument(@CurrentActor() actor: Actor, @IdParam('community_id') communityId: number, @IdParam('id') id: number) {
    return this.documents.groupDocumentDownload(actor, communityId, id);
  }
}
