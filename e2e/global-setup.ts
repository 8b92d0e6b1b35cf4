import { FullConfig } from '@playwright/test';
import type { Server } from 'http';
import { startStripeStandIn, type StripeStandIn } from '../api/test/stripe-stand-in';
import { deleteRedisKeys } from './support/redis-keys';
import { saveSharedSessions } from './support/shared-sessions';
import {
  E2E_STACK,
  isPortInUse,
  runNodeScript,
  stackEnv,
  startNodeProcess,
  StartedProcess,
  stopProcess,
  waitForHttpOk,
} from './support/stack';
import { E2E_STRIPE, startChargesInspector } from './support/stripe';

/**
 * Starts the whole stack once for the run: fresh `casebridge_e2e` database (migrated + seeded), an SMTP catcher,
 * the api (which serves the built web app) and the worker. The test command builds everything first. Then signs in
 * the shared identities once and saves their browser state for the journeys (support/shared-sessions.ts).
 * Returns the teardown that stops the children (Playwright calls it after the last test).
 */
export default async function globalSetup(_config: FullConfig): Promise<() => Promise<void>> {
  for (const port of [
    E2E_STACK.apiPort,
    E2E_STACK.smtpPort,
    E2E_STACK.mailWebPort,
    E2E_STRIPE.port,
    E2E_STRIPE.inspectPort,
  ]) {
    if (await isPortInUse(port)) {
      throw new Error(`Port ${port} is already in use; stop whatever listens there before running e2e tests.`);
    }
  }

  const env = stackEnv();
  await runNodeScript(['libs/db/dist/cli/reset.js'], env);
  await deleteRedisKeys(E2E_STACK.redisUrl, E2E_STACK.redisPrefix);

  const started: StartedProcess[] = [];
  let stripe: StripeStandIn | null = null;
  let chargesInspector: Server | null = null;
  const stopAll = async (): Promise<void> => {
    // Api and worker first (they may still be sending), the mail catcher and the Stripe stand-in last.
    await Promise.all(started.filter((p) => p.name !== 'maildev').map((p) => stopProcess(p)));
    await Promise.all(started.filter((p) => p.name === 'maildev').map((p) => stopProcess(p)));
    await new Promise((resolve) => (chargesInspector ? chargesInspector.close(resolve) : resolve(undefined)));
    await stripe?.close();
  };

  try {
    stripe = await startStripeStandIn({ port: E2E_STRIPE.port });
    chargesInspector = await startChargesInspector(stripe);

    const maildevArgs = [
      'node_modules/maildev/bin/maildev',
      '--smtp',
      String(E2E_STACK.smtpPort),
      '--web',
      String(E2E_STACK.mailWebPort),
      '--ip',
      '127.0.0.1',
      '--web-ip',
      '127.0.0.1',
    ];
    const maildev = startNodeProcess('maildev', maildevArgs, env);
    started.push(maildev);
    await waitForHttpOk(`${E2E_STACK.mailWebUrl}/email`, [maildev], 20_000);

    started.push(startNodeProcess('worker', ['worker/dist/main.js'], env));
    started.push(startNodeProcess('api', ['api/dist/main.js'], env));
    await waitForHttpOk(`${E2E_STACK.baseUrl}/api/health`, started);
    await saveSharedSessions();
  } catch (error) {
    await stopAll();
    throw error;
  }
  return stopAll;
}
