import { JOB_NAMES, QUEUES, type MailJob } from '@casebridge/contracts';
import { InjectQueue, Processor } from '@nestjs/bullmq';
import { Job, Queue } from 'bullmq';
import { QueueProcessor } from '../jobs/queue-processor';
import { MailSenderService } from './mail-sender.service';
import { MAIL_CONCURRENCY } from './smtp-transport';

/** Consumes QUEUES.mail: renders and sends each mail once per dedupe key. */
@Processor(QUEUES.mail, { concurrency: MAIL_CONCURRENCY })
export class MailProcessor extends QueueProcessor {
  constructor(sender: MailSenderService, @InjectQueue(QUEUES.mail) queue: Queue) {
    super(queue, {
      handlers: { [JOB_NAMES.sendMail]: (job: Job<MailJob>) => sender.send(job.data) },
    });
  }
}
