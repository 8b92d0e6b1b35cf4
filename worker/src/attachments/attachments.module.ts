import { Module } from '@nestjs/common';
import { AttachmentForwarderService } from './attachment-forwarder.service';
import { AttachmentsQueueWorker } from './attachments-queue.worker';

/** Forwarding of case attachments to the external collaboration service (when COLLAB_SERVICE_URL is set). */
@Module({
  providers: [AttachmentForwarderService, AttachmentsQueueWorker],
})
export class AttachmentsModule {}
