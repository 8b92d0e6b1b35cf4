import { QUEUES } from '@casebridge/contracts';
import { InjectQueue, Processor } from '@nestjs/bullmq';
import { Queue } from 'bullmq';
import { QueueProcessor } from '../jobs/queue-processor';
import { SlaLateService } from './sla-late.service';

/** Job names of QUEUES.sla (only the worker schedules them, so they live here). */
export const SLA_JOBS = {
  markLate: 'mark-late',
} as const;

/** Every minute: a case is marked late at most a minute after its due time. */
export const MARK_LATE_EVERY_MS = 60_000;

/**
 * Consumes QUEUES.sla and keeps its repeatable schedule registered. Concurrency 1: runs never overlap within a
 * process; across processes SKIP LOCKED keeps them apart.
 */
@Processor(QUEUES.sla, { concurrency: 1 })
export class SlaProcessor extends QueueProcessor {
  constructor(late: SlaLateService, @InjectQueue(QUEUES.sla) queue: Queue) {
    super(queue, {
      schedules: [
        {
          name: SLA_JOBS.markLate,
          repeat: { every: MARK_LATE_EVERY_MS },
          // No retries: the next run is a minute away and picks up whatever this one left.
          options: { attempts: 1, removeOnComplete: { count: 100 }, removeOnFail: { count: 1000 } },
          run: (now) => late.run(now),
        },
      ],
    });
  }
}
