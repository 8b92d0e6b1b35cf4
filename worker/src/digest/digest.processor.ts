import { QUEUES } from '@casebridge/contracts';
import type { DueDigest } from '@casebridge/db';
import { InjectQueue, Processor } from '@nestjs/bullmq';
import { Job, Queue } from 'bullmq';
import { QueueProcessor } from '../jobs/queue-processor';
import { DIGEST_JOBS, DigestService, type DigestBatch } from './digest.service';

/** Every five minutes: a user's digest goes out at most five minutes after 07:00 in their time zone. */
export const DIGEST_SCAN_EVERY_MS = 5 * 60_000;
/** Digest batches built at once by one worker process (each is one short transaction and one queue round trip). */
export const DIGEST_CONCURRENCY = 2;

/**
 * Consumes QUEUES.digest: the repeatable scan that finds the users whose local morning has come, and the one job
 * per user and local date it queues. Any number of workers may run both; digest_sends keeps it to one mail a day.
 */
@Processor(QUEUES.digest, { concurrency: DIGEST_CONCURRENCY })
export class DigestProcessor extends QueueProcessor {
  constructor(digests: DigestService, @InjectQueue(QUEUES.digest) queue: Queue) {
    super(queue, {
      handlers: {
        [DIGEST_JOBS.send]: (job: Job<DigestBatch>) => digests.send(job.data),
        [DIGEST_JOBS.sendOne]: (job: Job<DueDigest>) => digests.send({ digests: [job.data] }),
      },
      schedules: [
        {
          name: DIGEST_JOBS.scan,
          repeat: { every: DIGEST_SCAN_EVERY_MS },
          // No retries: the next scan is minutes away and finds whoever this one missed.
          options: { attempts: 1, removeOnComplete: { count: 100 }, removeOnFail: { count: 1000 } },
          run: (now) => digests.scan(now),
        },
      ],
    });
  }
}
