// Child processes of a bench run (api, worker, raw servers): free ports, logs to files, and one cleanup that
// stops exactly the processes this run started.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { clearTimeout, setTimeout } from 'node:timers';
import { REPO_ROOT } from './options.mjs';

export const LOG_DIR = path.join(REPO_ROOT, 'var', 'bench');
/** Ports the demo and the e2e stack use: never handed out even if free right now. */
const RESERVED_PORTS = new Set([3000, 3199, 1025, 1026, 1080, 1081, 7000]);
const started = [];

/** A port the OS reports free (and not one of the demo's or e2e's). */
export async function freePort() {
  for (;;) {
    const port = await new Promise((resolve, reject) => {
      const server = net.createServer();
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        const { port: chosen } = server.address();
        server.close(() => resolve(chosen));
      });
    });
    if (!RESERVED_PORTS.has(port)) return port;
  }
}

/** Starts `node <args>` with its output in var/bench/<name>.log; stopped by stopAll(). */
/**
 * Starts a node process with its output in var/bench/<name>.log. BENCH_NODE_ARGS (for example
 * `--cpu-prof --cpu-prof-dir=var/bench/profiles`) are passed to every process started here: where their CPU goes.
 */
export function startNode(name, args, env) {
  mkdirSync(LOG_DIR, { recursive: true });
  const logFile = path.join(LOG_DIR, `${name}.log`);
  const log = createWriteStream(logFile);
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, ...args], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  child.logFile = logFile;
  started.push(child);
  return child;
}

/** CPU seconds a process has used so far (utime + stime from /proc, in USER_HZ ticks of 10 ms). */
export function processCpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const isRunning = (child) => child.exitCode === null && child.signalCode === null;

/** SIGTERM, then SIGKILL after 10 s; resolves when the child is gone. */
export function stopChild(child) {
  if (!isRunning(child)) return Promise.resolve();
  return new Promise((resolve) => {
    const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(killer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export async function stopAll() {
  await Promise.all(started.map(stopChild));
}

/** Polls until `url` answers 2xx; fails early with the log's path if the child exits. */
export async function waitForHttpOk(url, child, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && !isRunning(child)) throw new Error(`${url}: the process exited; see ${child.logFile}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s${child ? `; see ${child.logFile}` : ''}`);
}
