import { Injectable } from '@nestjs/common';
import { registerQueueMetrics, type CountableQueue } from '@casebridge/server-core';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

/** How a job attempt ended; `delayed`: its handler parked it to wait for another job (no attempt spent). */
export type JobStatus = 'completed' | 'failed' | 'delayed';
/** How an export ended: its file is ready, or it failed for good (no retry follows). */
export type ExportEnd = 'ready' | 'failed';

/**
 * The worker's Prometheus metrics, in a registry of this process's own (tests boot several workers in one
 * process). Jobs, mails and exports are counted as they end; queue depths are read from Redis when scraped.
 */
@Injectable()
export class WorkerMetrics {
  readonly registry = new Registry();
  private readonly jobDurations = new Histogram({
    name: 'bullmq_job_duration_seconds',
    help: 'How long each job attempt ran in this worker, by queue, job name and status',
    labelNames: ['queue', 'name', 'status'],
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
    registers: [this.registry],
  });
  private readonly jobs = new Counter({
    name: 'bullmq_jobs_total',
    help: 'Job attempts this worker ran, by queue, job name and status (completed, failed, or delayed to wait)',
    labelNames: ['queue', 'name', 'status'],
    registers: [this.registry],
  });
  private readonly mailsSent = new Counter({
    name: 'casebridge_mails_sent_total',
    help: 'Mails the SMTP server accepted from this worker (repeats of an already sent mail not counted)',
    registers: [this.registry],
  });
  private readonly exports = new Counter({
    name: 'casebridge_exports_total',
    help: 'Exports this worker finished, by kind and status (ready, or failed with no retry left)',
    labelNames: ['kind', 'status'],
    registers: [this.registry],
  });
  private queues: readonly CountableQueue[] = [];

  constructor() {
    collectDefaultMetrics({ register: this.registry });
    registerQueueMetrics(this.registry, () => this.queues);
  }

  /** The queues whose depths a scrape reports. */
  watchQueues(queues: readonly CountableQueue[]): void {
    this.queues = queues;
  }

  observeJob(queue: string, name: string, status: JobStatus, seconds: number): void {
    this.jobDurations.observe({ queue, name, status }, seconds);
    this.jobs.inc({ queue, name, status });
  }

  countMailSent(): void {
    this.mailsSent.inc();
  }

  countExport(kind: string, status: ExportEnd): void {
    this.exports.inc({ kind, status });
  }
}
