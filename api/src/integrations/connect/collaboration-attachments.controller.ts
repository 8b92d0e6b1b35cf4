import { Controller, Headers, Res, UploadedFiles } from '@nestjs/common';
import { API, type CollaborationAttachmentUploadBody } from '@casebridge/contracts';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { CaseAttachmentUploads } from '../../cases/cases.module';
import type { Actor } from '../../platform/access/actor';
import { CurrentActor } from '../../platform/access/current-actor.decorator';
import { IdParam, Route, TextParam, ValidBody } from '../../platform/common/contract-route';
import type { StagedFile } from '../../platform/common/staged-files';
import { storedFileAnswer } from '../../platform/common/stored-files';
import { ifMatchEventSeqs } from './case-versions';
import { attachmentEntityTag, CollaborationAttachmentsService } from './collaboration-attachments.service';

/** Casebridge Connect v1: a case's files (list, multipart upload, streamed download). */
@Controller()
export class CollaborationAttachmentsController {
  constructor(private readonly attachments: CollaborationAttachmentsService) {}

  @Route(API.connectAttachments.list)
  list(@CurrentActor() actor: Actor, @TextParam('token') token: string) {
    return this.attachments.list(actor, token);
  }

  // The files are staged (and hashed) before the Idempotency-Key is checked: the key covers them too.
  @Route(API.connectAttachments.upload, { upload: CaseAttachmentUploads })
  upload(
    @CurrentActor() actor: Actor,
    @TextParam('token') token: string,
    @ValidBody() body: z.output<typeof CollaborationAttachmentUploadBody>,
    @UploadedFiles() files: StagedFile[] | undefined,
    @Headers('if-match') ifMatch?: string,
  ) {
    const options = { ifEventSeq: ifMatchEventSeqs(ifMatch) };
    return this.attachments.upload(actor, token, files ?? [], body.description, options);
  }

  @Route(API.connectAttachments.download)
  async download(
    @CurrentActor() actor: Actor,
    @TextParam('token') token: string,
    @IdParam('id') id: number,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const file = await this.attachments.download(actor, token, id);
    // Its own tag, so connect-http's hook answers If-None-Match without reading the stream.
    void reply.header('ETag', attachmentEntityTag(id, file));
    return storedFileAnswer(file, 'attachment');
  }
}
