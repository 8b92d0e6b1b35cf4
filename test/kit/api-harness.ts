import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Test } from '@nestjs/testing';
import { QUEUES, type MailJob } from '@casebridge/contracts';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import request from 'supertest';
import { prepareIntegrationEnv } from '../integration/test-env';
import { BootSteps } from '../wait-for';

export const DEMO_PASSWORD = 'Passw0rd!';

export interface ApiHarness {
  app: NestFastifyApplication;
  /** http://127.0.0.1:{port} of the running app. */
  url: string;
  /** A supertest agent on the running app. */
  http: () => ReturnType<typeof request>;
  /** Signs in with e-mail and password and returns the access token. */
  login: (email: string, password?: string) => Promise<string>;
  /** Mail jobs the api has queued so far, oldest first. */
  mailJobs: () => Promise<MailJob[]>;
  /** The newest queued mail to this address using this template. */
  lastMailTo: (to: string, template: MailJob['template']) => Promise<MailJob>;
  /** The database and Redis prefix this app runs on (shared by instances started with `sameDeploymentAs`). */
  deployment: { databaseUrl: string; redisPrefix: string };
  /** Closes the Nest app alone (what SIGTERM ends in), once; close() after it only tears down the rest. */
  closeApp: () => Promise<void>;
  close: () => Promise<void>;
}

export interface StartOptions {
  /**
   * Another instance of the same deployment: this app uses that harness's database and Redis prefix instead of a
   * fresh clone, as a second api process behind a load balancer would. Close it before the first one.
   */
  sameDeploymentAs?: ApiHarness;
}

/**
 * Boots the real AppModule against a fresh clone of the seeded database and a Redis prefix of its own,
 * configured exactly as main.ts does. `env` overrides configuration for this file (e.g. a low rate limit).
 */
export async function startApi(env: Record<string, string> = {}, options: StartOptions = {}): Promise<ApiHarness> {
  const boot = new BootSteps('the api');
  const shared = options.sameDeploymentAs?.deployment;
  const integration = shared
    ? { ...shared, cleanup: () => Promise.resolve() }
    : await boot.step('cloning the template database', prepareIntegrationEnv());
  if (shared) Object.assign(process.env, { DATABASE_URL: shared.databaseUrl, REDIS_PREFIX: shared.redisPrefix });
  Object.assign(process.env, { LOG_LEVEL: 'silent', WEB_DIST: '', PUBLIC_URL: 'http://casebridge.test' }, env);
  const { AppModule } = await boot.step('loading the api modules', import('../../api/src/app.module'));
  const { configureApp } = await import('../../api/src/bootstrap');
  // Configuration is read here, when Nest builds the modules: this file's environment, set above.
  const moduleRef = await boot.step(
    'building the Nest modules (database and Redis connections)',
    Test.createTestingModule({ imports: [AppModule] }).compile(),
  );
  const { createHttpAdapter } = await import('../../api/src/platform/http/http-server');
  const app = moduleRef.createNestApplication<NestFastifyApplication>(createHttpAdapter(), {
    bodyParser: false,
    logger: false,
  });
  await boot.step('configuring the application', configureApp(app));
  // Listening on a free port lets Socket.IO clients connect as browsers do.
  await boot.step('listening on a free port', app.listen(0, '127.0.0.1'));
  const address = app.getHttpServer().address() as { port: number };

  const connection = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: null });
  const mailQueue = new Queue<MailJob>(QUEUES.mail, { connection, prefix: integration.redisPrefix });
  const http = () => request(app.getHttpServer());

  const mailJobs = async () => {
    const jobs = await mailQueue.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed', 'prioritized']);
    return jobs.sort((a, b) => a.timestamp - b.timestamp).map((job) => job.data);
  };

  let appClosed: Promise<void> | undefined;
  const closeApp = () => (appClosed ??= app.close());

  return {
    app,
    url: `http://127.0.0.1:${address.port}`,
    http,
    mailJobs,
    deployment: { databaseUrl: integration.databaseUrl, redisPrefix: integration.redisPrefix },
    async lastMailTo(to, template) {
      const match = (await mailJobs()).filter((job) => job.to.includes(to) && job.template === template).pop();
      if (!match) throw new Error(`no ${template} mail queued for ${to}`);
      return match;
    },
    async login(email, password = DEMO_PASSWORD) {
      const response = await http().post('/api/auth/login').send({ email, password });
      if (response.status !== 200) {
        throw new Error(`login ${email} failed: ${response.status} ${JSON.stringify(response.body)}`);
      }
      return (response.body as { access_token: string }).access_token;
    },
    closeApp,
    async close() {
      await closeApp();
      await mailQueue.close();
      await connection.quit();
      await integration.cleanup();
    },
  };
}

/** The token at the end of a mailed link (/reset_password/{token}, /auto_login/{token}, ...). */
export function tokenFromLink(link: string, segmentFromEnd = 1): string {
  const parts = new URL(link).pathname.split('/').filter(Boolean);
  return decodeURIComponent(parts[parts.length - segmentFromEnd]);
}

export function bearer(token: string): { Authorization: string } {
  return { Authorization: `Bearer ${token}` };
}
