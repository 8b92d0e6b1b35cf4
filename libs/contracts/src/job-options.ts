/**
 * Default BullMQ options for mail jobs, shared by every producer so retries and retention are the same everywhere.
 * Plain object (no bullmq import) so the web bundle can import the contracts without pulling in bullmq.
 */
export const MAIL_JOB_OPTIONS = {
  /** SMTP outages are usually short: five tries over about a minute (2 s, 4 s, 8 s, 16 s). */
  attempts: 5,
  backoff: { type: 'exponential', delay: 2000 },
  /** Completed jobs are kept one day so a repeated enqueue with the same job id stays a no-op meanwhile. */
  removeOnComplete: { age: 24 * 3600 },
  /** Failed jobs are kept for inspection (and re-run by hand). */
  removeOnFail: false,
} as const;

/**
 * BullMQ priority of the mails a batch queues by the thousand (an SLA run working off a backlog of late cases).
 * BullMQ runs jobs without a priority first, so a password reset or an answer's mail never waits behind a batch.
 */
export const BULK_MAIL_PRIORITY = 10;

/**
 * The BullMQ job id of a mail: use it as `jobId` when enqueueing (`{ ...MAIL_JOB_OPTIONS, jobId: mailJobId(key) }`).
 * BullMQ rejects custom ids that are integers or contain ':', which dedupe keys like `password-reset:42` do;
 * the escape keeps distinct keys distinct.
 */
export function mailJobId(dedupeKey: string): string {
  return `mail.${dedupeKey.replace(/%/g, '%25').replace(/:/g, '%3A')}`;
}
