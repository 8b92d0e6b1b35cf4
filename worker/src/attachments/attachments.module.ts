import { Module } from '@nestjs/common';
import { AttachmentForwarderService } from './attachment-forwarder.service';
import { AttachmentsProcessor } from './attachments.processor';

/** Forwarding of case attachments to the external collaboration service (when COLLAB_SERVICE_URL is set). */
@Module({
  providers: [AttachmentForwarderService, AttachmentsProcessor],
})
export class AttachmentsModule {}
