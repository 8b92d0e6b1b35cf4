import { ChildProcess, spawn } from 'child_process';
import { createWriteStream, mkdirSync } from 'fs';
import net from 'net';
import path from 'path';
import { readUntil } from '../../test/wait-for';
import { stripeEnv } from './stripe';

/** Where the e2e stack listens; the specs reach it through Playwright's baseURL. */
export const E2E_STACK = {
  repoRoot: path.resolve(__dirname, '..', '..'),
  resultsDir: path.resolve(__dirname, '..', 'test-results'),
  apiPort: 3199,
  baseUrl: 'http://127.0.0.1:3199',
  smtpPort: 1026,
  mailWebPort: 1081,
  mailWebUrl: 'http://127.0.0.1:1081',
  databaseUrl: process.env.E2E_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/casebridge_e2e',
  redisUrl: process.env.REDIS_URL || 'redis://127.0.0.1:6379',
  redisPrefix: 'casebridge_e2e',
} as const;

/** Environment of the api and worker children: a dedicated database, Redis prefix and SMTP catcher. */
export function stackEnv(): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(E2E_STACK.apiPort),
    PUBLIC_URL: E2E_STACK.baseUrl,
    DATABASE_URL: E2E_STACK.databaseUrl,
    REDIS_URL: E2E_STACK.redisUrl,
    REDIS_PREFIX: E2E_STACK.redisPrefix,
    SMTP_URL: `smtp://127.0.0.1:${E2E_STACK.smtpPort}`,
    // The worker's metrics on a free port: a demo or another stack's worker may hold the default one.
    WORKER_METRICS_PORT: '0',
    STORAGE_DIR: path.join(E2E_STACK.resultsDir, 'storage'),
    // Journeys sign in many times from one address; the limit itself is proven by the api's tests.
    LOGIN_RATE_LIMIT: '200',
    // Card payments go to the local Stripe stand-in started by the global setup.
    ...stripeEnv(),
  };
}

export interface StartedProcess {
  name: string;
  child: ChildProcess;
  logFile: string;
}

const running = new Set<ChildProcess>();
let exitHooksInstalled = false;

/**
 * If the runner itself dies (killed, not finished), its stack must not outlive it holding the test ports:
 * the children are killed on exit and on SIGTERM / SIGHUP (Playwright handles SIGINT with its own teardown).
 */
function killChildrenWhenRunnerDies(): void {
  if (exitHooksInstalled) return;
  exitHooksInstalled = true;
  const killAll = () => running.forEach((child) => child.kill('SIGKILL'));
  process.once('exit', killAll);
  for (const signal of ['SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      killAll();
      process.exit(1);
    });
  }
}

/** Starts `node <args>` from the repo root, output appended to test-results/<name>.log. */
export function startNodeProcess(name: string, args: string[], env: NodeJS.ProcessEnv): StartedProcess {
  mkdirSync(E2E_STACK.resultsDir, { recursive: true });
  const logFile = path.join(E2E_STACK.resultsDir, `${name}.log`);
  const log = createWriteStream(logFile, { flags: 'w' });
  const child = spawn(process.execPath, args, { cwd: E2E_STACK.repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  running.add(child);
  child.once('exit', () => running.delete(child));
  killChildrenWhenRunnerDies();
  return { name, child, logFile };
}

/** Runs `node <args>` to completion; rejects with the tail of its output when it fails. */
export function runNodeScript(args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: E2E_STACK.repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`node ${args.join(' ')} exited with ${code}:\n${output.slice(-3000)}`)),
    );
  });
}

/** SIGTERM, then SIGKILL after a grace period; resolves when the process is gone. */
export function stopProcess(started: StartedProcess, graceMs = 10_000): Promise<void> {
  const { child } = started;
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export function isPortInUse(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Polls `url` until it answers 200, failing early if `watched` exits. */
export async function waitForHttpOk(url: string, watched: StartedProcess[], timeoutMs = 60_000): Promise<void> {
  const { value } = await readUntil(
    async () => {
      const exited = watched.find((started) => started.child.exitCode !== null);
      if (exited) return exited;
      try {
        return (await fetch(url)).ok ? 'ok' : 'not yet';
      } catch {
        return 'not yet'; // not listening yet
      }
    },
    (state) => state !== 'not yet',
    { timeoutMs, everyMs: 250 },
  );
  if (value === 'ok') return;
  if (value !== 'not yet') throw new Error(`${value.name} exited with ${value.child.exitCode}; see ${value.logFile}`);
  throw new Error(`${url} did not answer 200 after ${timeoutMs} ms; see ${watched.map((s) => s.logFile).join(', ')}`);
}
