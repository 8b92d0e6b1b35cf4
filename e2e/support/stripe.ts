import { createServer, type Server } from 'http';
import type { ChargeRecord, StripeStandIn } from '../../api/test/stripe-stand-in';

export type { ChargeRecord } from '../../api/test/stripe-stand-in';

/**
 * The Stripe stand-in of the e2e stack (api/test/stripe-stand-in.ts) on fixed ports: the api charges through it,
 * the browser loads its Stripe.js, and the journeys read the charges it recorded from a small inspection server
 * (the stand-in lives in the global-setup process, the journeys in a worker process).
 */
export const E2E_STRIPE = {
  port: 3198,
  url: 'http://127.0.0.1:3198',
  inspectPort: 3197,
  inspectUrl: 'http://127.0.0.1:3197',
} as const;

/** The api's Stripe configuration: test keys and the stand-in as both the REST base and the Stripe.js origin. */
export function stripeEnv(): NodeJS.ProcessEnv {
  return {
    STRIPE_SECRET_KEY: 'sk_test_e2e',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_e2e',
    STRIPE_API_BASE: E2E_STRIPE.url,
    STRIPE_JS_URL: `${E2E_STRIPE.url}/v3/`,
  };
}

/** Serves the stand-in's recorded charges as JSON at GET /charges. */
export async function startChargesInspector(standIn: StripeStandIn): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/charges') {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(standIn.charges));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(E2E_STRIPE.inspectPort, '127.0.0.1', () => resolve());
  });
  return server;
}

/** Every charge the stand-in recorded so far in this run. */
export async function recordedCharges(): Promise<ChargeRecord[]> {
  const response = await fetch(`${E2E_STRIPE.inspectUrl}/charges`);
  if (!response.ok) throw new Error(`Stripe inspector answered ${response.status}`);
  return (await response.json()) as ChargeRecord[];
}
