import { Controller, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileUpload } from '../../platform/common/multipart';
import { API, GROUP_DOCUMENT_FILE_FIELD } from '@casebridge/contracts';
import type { z } from 'zod';
import type { Actor } from '../../platform/access/actor';
import { CurrentActor } from '../../platform/access/current-actor.decorator';
import { IdParam, Route, ValidBody } from '../../platform/common/contract-route';
import { storedFileAnswer } from '../../platform/common/stored-files';
import { GroupDocumentsService } from './group-documents.service';
import { GroupUploadCleanupInterceptor, type StagedFile } from './group-uploads';

type UploadBody = z.output<NonNullable<typeof API.adminGroups.uploadDocument.body>>;

/** Files and links shared in a partner group (Documents box of the group detail). */
@Controller()
export class GroupDocumentsController {
  constructor(private readonly documents: GroupDocumentsService) {}

  @Route(API.adminGroups.documents)
  list(@CurrentActor() actor: Actor, @IdParam('groupId') groupId: number) {
    return this.documents.list(actor, groupId);
  }

  @Route(API.adminGroups.uploadDocument)
  // The cleanup interceptor wraps multer, so the staged file goes whenever the request fails after it landed.
  @UseInterceptors(GroupUploadCleanupInterceptor, FileUpload(GROUP_DOCUMENT_FILE_FIELD))
  upload(
    @CurrentActor() actor: Actor,
    @IdParam('groupId') groupId: number,
    @ValidBody() body: UploadBody,
    @UploadedFile() file: StagedFile | undefined,
  ) {
    return this.documents.upload(actor, groupId, body, file);
  }

  @Route(API.adminGroups.downloadDocument)
  async download(
    @CurrentActor() actor: Actor,
    @IdParam('groupId') groupId: number,
    @IdParam('documentId') documentId: number,
  ) {
    return storedFileAnswer(await this.documents.download(actor, groupId, documentId));
  }

  @Route(API.adminGroups.deleteDocument)
  remove(@CurrentActor() actor: Actor, @IdParam('groupId') groupId: number, @IdParam('documentId') documentId: number) {
    return this.documents.remove(actor, groupId, documentId);
  }
}
