import { PRODUCED_JOB_NAMES, type QueueName } from '@casebridge/contracts';

/** What the check needs to know of a processor: its queue and the job names it handles. */
export interface QueueConsumer {
  readonly queueName: string;
  readonly jobNames: readonly string[];
}

/**
 * The worker's startup check: each queue this process consumes has a processor, and every processor of it handles
 * every job name producers send there. Otherwise such jobs would only fail one by one, long after a deploy.
 * Throws one error naming every missing queue and job.
 */
export function checkJobHandlers(
  consumed: readonly QueueName[],
  processors: readonly QueueConsumer[],
  produced: Readonly<Record<QueueName, readonly string[]>> = PRODUCED_JOB_NAMES,
): void {
  const problems: string[] = [];
  for (const queue of consumed) {
    const consumers = processors.filter((processor) => processor.queueName === queue);
    if (consumers.length === 0) problems.push(`queue "${queue}" has no processor`);
    // Every processor of a queue may be handed any of its jobs.
    for (const consumer of consumers) {
      for (const name of produced[queue]) {
        if (!consumer.jobNames.includes(name)) problems.push(`queue "${queue}" has no handler for job "${name}"`);
      }
    }
  }
  if (problems.length > 0) {
    throw new Error(
      `Worker cannot start: ${problems.join('; ')}. Producers send these job names (PRODUCED_JOB_NAMES in ` +
        'libs/contracts); give each a handler in the queue processor.',
    );
  }
}
