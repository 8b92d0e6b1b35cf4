// A local cluster of the built product: HAProxy in front of N api processes, M workers, files in a local
// S3-compatible bucket (s3rver). Used by `npm run demo -- --cluster` and `npm run chaos`.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { BALANCER_DRAIN_MS, haproxyConfig, READY_PATH } from './balancer.mjs';
import { canConnect, REPO_ROOT, startChild, waitForHttpOk } from './processes.mjs';

/** The bucket of a local cluster and the credentials s3rver accepts. */
export const CLUSTER_BUCKET = 'casebridge';

/** Starts s3rver with one bucket (files under `folder`); answers the environment that points api and worker at it. */
export async function startObjectStorage({ port, folder, name = 's3' }) {
  if (await canConnect('127.0.0.1', port)) throw new Error(`port ${port} is in use (object storage)`);
  mkdirSync(folder, { recursive: true });
  startChild(name, process.execPath, [
    'node_modules/s3rver/bin/s3rver.js',
    '--directory',
    folder,
    '--address',
    '127.0.0.1',
    '--port',
    String(port),
    '--silent',
    '--configure-bucket',
    CLUSTER_BUCKET,
  ]);
  for (let tries = 0; tries < 100 && !(await canConnect('127.0.0.1', port)); tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    STORAGE_URL: `s3://${CLUSTER_BUCKET}`,
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  };
}

/** Starts one api instance behind the balancer (drains on SIGTERM); answers its child process. */
export function startApiInstance(name, port, env, { nodeArgs = [] } = {}) {
  return startChild(name, process.execPath, [...nodeArgs, 'api/dist/main.js'], {
    ...env,
    PORT: String(port),
    SHUTDOWN_DRAIN_MS: String(BALANCER_DRAIN_MS),
  });
}

/** Starts one worker; its metrics on a free port, so several share a machine. */
export function startWorkerInstance(name, env) {
  return startChild(name, process.execPath, ['worker/dist/main.js'], { ...env, WORKER_METRICS_PORT: '0' });
}

/** Writes HAProxy's configuration under var/{folder} and starts it on `port` in front of `apiPorts`. */
export function startBalancer({ port, apiPorts, folder = 'cluster', name = 'balancer' }) {
  const directory = path.join(REPO_ROOT, 'var', folder);
  mkdirSync(directory, { recursive: true });
  const file = path.join(directory, 'haproxy.cfg');
  writeFileSync(
    file,
    haproxyConfig({ bind: `0.0.0.0:${port}`, servers: apiPorts.map((apiPort) => `127.0.0.1:${apiPort}`) }),
  );
  return startChild(name, 'haproxy', ['-db', '-f', file]);
}

/** Waits until every port answers 200 on the readiness route; answers the ones that did not in time. */
export async function notReady(ports, timeoutMs = 90_000) {
  const ready = await Promise.all(
    ports.map((port) => waitForHttpOk(`http://127.0.0.1:${port}${READY_PATH}`, timeoutMs)),
  );
  return ports.filter((_, index) => !ready[index]);
}
