import { Controller, UploadedFiles, UseInterceptors } from '@nestjs/common';
import { API } from '@casebridge/contracts';
import type { z } from 'zod';
import type { Actor } from '../platform/access/actor';
import { CurrentActor } from '../platform/access/current-actor.decorator';
import { IdParam, Route, TextParam, ValidBody } from '../platform/common/contract-route';
import { storedFileAnswer } from '../platform/common/stored-files';
import { CaseAttachmentsService, type StagedFile } from './case-attachments.service';
import { CaseAttachmentUploads } from './case-uploads';

type UploadBody = z.output<NonNullable<typeof API.cases.uploadAttachment.body>>;

/** Files of a case: multipart upload (description, files) and download by either company. */
@Controller()
export class CaseAttachmentsController {
  constructor(private readonly attachments: CaseAttachmentsService) {}

  @Route(API.cases.uploadAttachment)
  @UseInterceptors(...CaseAttachmentUploads)
  upload(
    @CurrentActor() actor: Actor,
    @TextParam('token') token: string,
    @ValidBody() body: UploadBody,
    @UploadedFiles() files: StagedFile[] | undefined,
  ) {
    return this.attachments.upload(actor, token, files ?? [], body.description);
  }

  @Route(API.cases.downloadAttachment)
  async download(@CurrentActor() actor: Actor, @TextParam('token') token: string, @IdParam('id') id: number) {
    // Always a download: attachments are opaque files, never rendered by the portal.
    return storedFileAnswer(await this.attachments.download(actor, token, id), 'attachment');
  }
}
