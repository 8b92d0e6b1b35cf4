// The framework's own cost: an authenticated route of the api against bare node:http answering the same JSON.
// The route is GET auth/middleware with a bearer: the global AccessGuard chain, JWT check, session and user
// lookups, the contract's response validation and the request log, but no feature work.
import { httpLoad } from './lib/load.mjs';
import { freePort, startNode, stopChild, waitForHttpOk } from './lib/processes.mjs';
import { comparisonRows } from './lib/report.mjs';

export const FRAMEWORK_ROUTE = 'auth/middleware';

export async function runFrameworkBench({ apiUrl, member, settings }) {
  const url = `${apiUrl}/api/${FRAMEWORK_ROUTE}`;
  const headers = { authorization: `Bearer ${member.token}` };
  const sample = await fetch(url, { headers });
  const body = await sample.text();
  if (!sample.ok) throw new Error(`${FRAMEWORK_ROUTE} answered ${sample.status}: ${body}`);

  const port = await freePort();
  const raw = startNode('raw-http', ['bench/raw-http-server.mjs'], {
    ...process.env,
    PORT: String(port),
    RAW_BODY: body,
  });
  try {
    await waitForHttpOk(`http://127.0.0.1:${port}/`, raw, 10_000);
    const load = { connections: settings.connections, durationSeconds: settings.durationSeconds };
    const ours = await httpLoad({ url, headers, ...load });
    const bare = await httpLoad({ url: `http://127.0.0.1:${port}/`, headers, ...load });
    settings.log(
      `framework: ours p99 ${ours.p99.toFixed(1)} ms ${ours.rps.toFixed(0)}/s, ` +
        `raw p99 ${bare.p99.toFixed(1)} ms ${bare.rps.toFixed(0)}/s`,
    );
    // Informative: the api does real work (JWT, two lookups) the bare server does not, so no target applies.
    return comparisonRows(`GET ${FRAMEWORK_ROUTE} (signed in) vs node:http, same JSON`, ours, bare, {});
  } finally {
    await stopChild(raw);
  }
}
