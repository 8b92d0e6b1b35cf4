import { INTEGRATION_JOB_NAMES, QUEUES, type ForwardAttachmentJob } from '@casebridge/contracts';
import { InjectQueue, Processor } from '@nestjs/bullmq';
import { Job, Queue } from 'bullmq';
import { isFinalAttempt, positiveId } from '../jobs/job-handler';
import { QueueProcessor } from '../jobs/queue-processor';
import { AttachmentForwarderService } from './attachment-forwarder.service';

/** Files are read whole into memory (up to the upload limit): a few at a time is enough. */
const ATTACHMENT_CONCURRENCY = 3;

/** Consumes QUEUES.attachments: forwards stored attachments to the external collaboration service. */
@Processor(QUEUES.attachments, { concurrency: ATTACHMENT_CONCURRENCY })
export class AttachmentsProcessor extends QueueProcessor {
  constructor(forwarder: AttachmentForwarderService, @InjectQueue(QUEUES.attachments) queue: Queue) {
    super(queue, {
      handlers: {
        [INTEGRATION_JOB_NAMES.forwardAttachment]: (job: Job<ForwardAttachmentJob>) =>
          forwarder.forward(positiveId(job.data?.attachmentId), isFinalAttempt(job)),
      },
    });
  }
}
