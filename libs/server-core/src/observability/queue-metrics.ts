import { Counter, Gauge, type Registry } from 'prom-client';
import { QUEUE_STATES, readQueueDepths, type CountableQueue } from './queue-depths';

/**
 * `bullmq_queue_jobs{queue,state}` read from Redis on each scrape, and `bullmq_scrape_errors_total` counting the
 * scrapes Redis did not answer in time (they answer without the gauge rather than with stale numbers). The counter
 * waits for the scrape's read, so a failed read is counted in the same scrape.
 */
export function registerQueueMetrics(registry: Registry, queues: () => readonly CountableQueue[]): void {
  let currentRead: Promise<void> = Promise.resolve();
  const depths: Gauge<'queue' | 'state'> = new Gauge({
    name: 'bullmq_queue_jobs',
    help: 'Jobs per queue and state, read from Redis when scraped',
    labelNames: ['queue', 'state'],
    registers: [registry],
    collect: () => (currentRead = refresh()),
  });
  // Registered after the gauge: a scrape collects in registration order, so currentRead is this scrape's read.
  const scrapeErrors = new Counter({
    name: 'bullmq_scrape_errors_total',
    help: 'Scrapes that answered without bullmq_queue_jobs because Redis did not answer in time',
    registers: [registry],
    collect: () => currentRead,
  });

  async function refresh(): Promise<void> {
    depths.reset();
    try {
      for (const { queue, counts } of await readQueueDepths(queues())) {
        for (const state of QUEUE_STATES) depths.set({ queue, state }, counts[state]);
      }
    } catch {
      scrapeErrors.inc();
    }
  }
}
