import { Injectable } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import {
  EXPORT_JOB_NAMES,
  EXPORT_JOB_OPTIONS,
  exportJobId,
  QUEUES,
  type BuildExportJob,
  type ProducedJobName,
} from '@casebridge/contracts';
import { Queue } from 'bullmq';

/**
 * Enqueues the build of an export for the worker; the api never builds files itself. The queue's connection fails
 * fast (QueuesModule), so a request is answered 503 instead of hanging while Redis is away.
 */
@Injectable()
export class ExportsProducer {
  constructor(
    @InjectQueue(QUEUES.exports) private readonly queue: Queue<BuildExportJob, unknown, ProducedJobName<'exports'>>,
  ) {}

  async enqueue(exportId: number): Promise<void> {
    await this.queue.add(
      EXPORT_JOB_NAMES.build,
      { export_id: exportId },
      { ...EXPORT_JOB_OPTIONS, jobId: exportJobId(exportId) },
    );
  }
}
