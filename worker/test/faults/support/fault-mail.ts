import { JOB_NAMES, MAIL_JOB_OPTIONS, MailJob, mailJobId, QUEUES } from '@casebridge/contracts';
import { Job, JobState, Queue } from 'bullmq';
import IORedis, { Redis } from 'ioredis';
import { waitFor } from '../../../../test/wait-for';

/** A mail of the seeded `registration-approved` template to its own address, so maildev counts are per mail. */
export function faultMail(group: string, index: number): MailJob {
  return {
    template: 'registration-approved',
    to: [`${group}-${index}@fault.test`],
    variables: { first_name: `Fault ${index}`, company: 'Initech Networks', link: 'http://127.0.0.1:3000/initech' },
    dedupeKey: `fault:${group}:${index}`,
  };
}

/** A producer on the mail queue, enqueueing exactly as the api does (job id from the dedupe key). */
export class MailProducer {
  readonly connection: Redis;
  readonly queue: Queue<MailJob>;

  constructor(redisUrl: string, prefix: string) {
    this.connection = new IORedis(redisUrl, { maxRetriesPerRequest: null });
    this.connection.on('error', () => undefined);
    this.queue = new Queue<MailJob>(QUEUES.mail, { connection: this.connection, prefix });
  }

  async enqueue(job: MailJob): Promise<void> {
    await this.queue.add(JOB_NAMES.sendMail, job, { ...MAIL_JOB_OPTIONS, jobId: mailJobId(job.dedupeKey) });
  }

  async state(job: MailJob): Promise<JobState | 'unknown' | 'missing'> {
    const found = await this.queue.getJob(mailJobId(job.dedupeKey));
    return found ? await found.getState() : 'missing';
  }

  /** Waits until every job is in one of `states`; returns the jobs in the order given. */
  async waitForAll(jobs: MailJob[], states: JobState[], timeoutMs: number): Promise<Job<MailJob>[]> {
    await waitFor(
      () => Promise.all(jobs.map(async (job) => ({ job: job.dedupeKey, state: await this.state(job) }))),
      (current) => current.every(({ state }) => states.includes(state as JobState)),
      { what: `every job ${states.join('/')}`, timeoutMs, everyMs: 200 },
    );
    // Read again: a job fetched just before it finished carries no return value or failure reason yet.
    return (await Promise.all(jobs.map((job) => this.queue.getJob(mailJobId(job.dedupeKey))))) as Job<MailJob>[];
  }

  async close(): Promise<void> {
    await this.queue.close();
    this.connection.disconnect();
  }
}
