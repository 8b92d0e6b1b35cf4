import { withinDeadline } from './deadline';

/**
 * The job states reported per queue (bullmq_queue_jobs{queue,state}). BullMQ keeps jobs with a priority (bulk
 * mails) apart from `waiting`, in `prioritized`: both are work not started yet.
 */
export const QUEUE_STATES = ['waiting', 'prioritized', 'active', 'delayed', 'failed', 'completed', 'paused'] as const;
export type QueueState = (typeof QUEUE_STATES)[number];

/** A BullMQ Queue as far as counting its jobs goes. */
export interface CountableQueue {
  name: string;
  getJobCounts(...states: QueueState[]): Promise<Record<string, number>>;
}

/** How long a scrape waits for Redis before it answers without the queue counts. */
export const QUEUE_SCRAPE_TIMEOUT_MS = 2000;

/**
 * Job counts of every queue, read in parallel and bounded as a whole: when Redis does not answer in time this
 * rejects, and the scrape answers the rest of its metrics without the queue gauge.
 */
export async function readQueueDepths(
  queues: readonly CountableQueue[],
  timeoutMs = QUEUE_SCRAPE_TIMEOUT_MS,
): Promise<{ queue: string; counts: Record<QueueState, number> }[]> {
  const read = Promise.all(
    queues.map(async (queue) => {
      const counts = await queue.getJobCounts(...QUEUE_STATES);
      return {
        queue: queue.name,
        counts: Object.fromEntries(QUEUE_STATES.map((state) => [state, counts[state] ?? 0])) as Record<
          QueueState,
          number
        >,
      };
    }),
  );
  return withinDeadline(read, timeoutMs, 'queue job counts');
}
