import { JOB_NAMES, MAIL_JOB_OPTIONS, MailJob, mailJobId, QUEUES } from '@casebridge/contracts';
import { loadServerConfig, ServerConfig } from '@casebridge/server-core';
import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { JobsOptions, Queue } from 'bullmq';
import IORedis from 'ioredis';
import { BootSteps } from '../wait-for';
import { createLogger } from '../../worker/src/logging/logger';
import { WorkerModule } from '../../worker/src/worker.module';

export interface RunningWorker {
  app: INestApplicationContext;
  config: ServerConfig;
  /** A producer on the same queue and prefix, like the api's. */
  queue: Queue<MailJob>;
  /** Enqueues like the api does: job id derived from the dedupe key, the shared mail job options. */
  enqueue(job: MailJob, options?: JobsOptions): Promise<void>;
  close(): Promise<void>;
}

/** Boots the real worker module against the env prepared by prepareIntegrationEnv(), sending to `smtpUrl`. */
export async function startWorker(smtpUrl: string): Promise<RunningWorker> {
  const config = loadServerConfig({ ...process.env, SMTP_URL: smtpUrl, LOG_LEVEL: 'silent' });
  const app = await new BootSteps('the worker').step(
    'building the worker modules (database, Redis, queues)',
    NestFactory.createApplicationContext(
      WorkerModule.register(config, createLogger(process.env.TEST_LOG_LEVEL ?? 'silent')),
      { logger: false },
    ),
  );
  const producerConnection = new IORedis(config.REDIS_URL, { maxRetriesPerRequest: null });
  const queue = new Queue<MailJob>(QUEUES.mail, { connection: producerConnection, prefix: config.REDIS_PREFIX });
  return {
    app,
    config,
    queue,
    async enqueue(job, options = {}) {
      await queue.add(JOB_NAMES.sendMail, job, { ...MAIL_JOB_OPTIONS, jobId: mailJobId(job.dedupeKey), ...options });
    },
    async close() {
      await app.close();
      await queue.close();
      producerConnection.disconnect();
    },
  };
}
