import { ChildProcess, spawn } from 'child_process';
import path from 'path';
import { readUntil } from '../../../../test/wait-for';
import { settleWithin } from '../../../../test/kit/faults/timing';

/** The repository root, from this file's place in worker/test/faults/support. */
const ROOT = path.resolve(__dirname, '../../../..');

/**
 * Runs worker/src/main.ts in a plain node process without a build: `.ts` files are compiled on require with SWC and
 * the options jest uses (decorator metadata included), and the workspace packages resolve to their sources, as in
 * jest. Passed to `node -e`; argv[1] is the repository root.
 */
const TS_ENTRY = `
const swc = require('@swc/core');
const Module = require('module');
const fs = require('fs');
const path = require('path');
const root = process.argv[1];
const aliases = {
  '@casebridge/contracts': path.join(root, 'libs/contracts/src/index.ts'),
  '@casebridge/server-core': path.join(root, 'libs/server-core/src/index.ts'),
  '@casebridge/db': path.join(root, 'libs/db/src/index.ts'),
};
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return resolveFilename.call(this, aliases[request] || request, ...rest);
};
const options = require(path.join(root, 'test/jest/swc-options.js'));
require.extensions['.ts'] = (module, filename) => {
  const source = fs.readFileSync(filename, 'utf8');
  module._compile(swc.transformSync(source, { ...options, filename }).code, filename);
};
require(path.join(root, 'worker/src/main.ts'));
`;

export interface WorkerLogLine {
  msg?: string;
  queue?: string;
  id?: string;
  outcome?: string;
  error?: string;
  [field: string]: unknown;
}

/**
 * The real worker (worker/src/main.ts) in a child process, so a test can SIGKILL it mid-job. Its environment is
 * the test's (database and Redis prefix from prepareIntegrationEnv) plus `env`.
 */
export class WorkerProcess {
  private output = '';

  private constructor(private readonly child: ChildProcess) {
    const collect = (chunk: Buffer) => (this.output = (this.output + chunk.toString()).slice(-200_000));
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
  }

  /** Starts the worker and waits for its "worker started" line (queues consuming). */
  static async start(env: Record<string, string>, timeoutMs = 30_000): Promise<WorkerProcess> {
    const child = spawn(process.execPath, ['-e', TS_ENTRY, ROOT], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const worker = new WorkerProcess(child);
    const started = () => worker.logLines().some((line) => line.msg === 'worker started');
    // Stops waiting as soon as the process exits: it will not start any more.
    await readUntil(
      () => started() || !worker.running,
      (over) => over,
      { timeoutMs },
    );
    if (!started()) {
      await worker.kill();
      throw new Error(`worker process did not start: ${worker.output.slice(-3000)}`);
    }
    return worker;
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** The worker's pino lines (JSON), oldest first. */
  logLines(): WorkerLogLine[] {
    return this.output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .flatMap((line) => {
        try {
          return [JSON.parse(line) as WorkerLogLine];
        } catch {
          return [];
        }
      });
  }

  /** SIGKILL by default: the process dies at once, mid-job, with no shutdown hook. Resolves once it exited. */
  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    if (!this.running) return;
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.child.kill(signal);
    await settleWithin(exited, 10_000);
    if (this.running) {
      this.child.kill('SIGKILL');
      await exited;
    }
  }
}
