import { EXPORT_JOB_NAMES, QUEUES, type BuildExportJob } from '@casebridge/contracts';
import { InjectQueue, Processor } from '@nestjs/bullmq';
import { Job, Queue, UnrecoverableError } from 'bullmq';
import { isFinalAttempt } from '../jobs/job-handler';
import { QueueProcessor } from '../jobs/queue-processor';
import { ExportBuilderService } from './export-builder.service';
import { ExportCleanupService } from './export-cleanup.service';

/** Files are built in parallel up to this many per worker process (each streams, so memory stays flat). */
const EXPORT_CONCURRENCY = 2;
/** How often expired export files are deleted. */
export const EXPORT_CLEANUP_EVERY_MS = 15 * 60 * 1000;
export const EXPORT_CLEANUP_SCHEDULER = 'exports-cleanup';

/** Consumes QUEUES.exports: builds the files the api queued and, on a schedule, deletes expired ones. */
@Processor(QUEUES.exports, { concurrency: EXPORT_CONCURRENCY })
export class ExportsProcessor extends QueueProcessor {
  constructor(builder: ExportBuilderService, cleanup: ExportCleanupService, @InjectQueue(QUEUES.exports) queue: Queue) {
    super(queue, {
      handlers: {
        [EXPORT_JOB_NAMES.build]: (job: Job<BuildExportJob>) => {
          const id = job.data?.export_id;
          if (!Number.isInteger(id)) throw new UnrecoverableError('An export job needs an integer export_id.');
          return builder.build(id, { last: isFinalAttempt(job) });
        },
      },
      schedules: [
        {
          name: EXPORT_JOB_NAMES.cleanup,
          schedulerId: EXPORT_CLEANUP_SCHEDULER,
          repeat: { every: EXPORT_CLEANUP_EVERY_MS },
          options: { removeOnComplete: 100, removeOnFail: 100 },
          run: async () => `expired ${await cleanup.expireDue()}`,
        },
      ],
    });
  }
}
