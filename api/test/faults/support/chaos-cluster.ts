import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { findFreePort } from '../../../../test/kit/mail-catcher';
import { waitFor } from '../../../../test/wait-for';

const ROOT = resolve(__dirname, '../../../..');
const READY_PATH = '/api/health/ready';
/** A probe of this harness still unanswered after this counts as a failed one (a bound, so a poll never hangs). */
const PROBE_BOUND_MS = 5_000;
const bounded = () => ({ signal: AbortSignal.timeout(PROBE_BOUND_MS) });
/** The balancer's backends (scripts/lib/balancer.mjs): requests, and Socket.IO's websockets. */
const BACKENDS = ['api', 'sockets'];

/** One process of the cluster: started, stopped (SIGTERM) or killed (SIGKILL), started again on the same port. */
class ClusterProcess {
  private child?: ChildProcess;
  /** The last lines it wrote, for a failure's message. */
  output = '';

  constructor(
    readonly name: string,
    private readonly command: string,
    private readonly args: string[],
    private readonly env: Record<string, string>,
    /** Where it answers READY_PATH (api instances), or none (workers, the balancer). */
    readonly port?: number,
  ) {}

  get running(): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  start(): void {
    if (this.running) throw new Error(`${this.name} is already running`);
    const child = spawn(this.command, this.args, {
      cwd: ROOT,
      env: { ...process.env, ...this.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => (this.output = (this.output + chunk.toString()).slice(-4000));
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    this.child = child;
  }

  /** Sends `signal` and waits for the exit (SIGKILL after `boundMs`, a bound for a broken run). */
  async stop(signal: NodeJS.Signals, boundMs = 30_000): Promise<void> {
    const child = this.child;
    if (!child || !this.running) return;
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), boundMs);
    await exited;
    clearTimeout(timer);
  }

  async ready(timeoutMs = 60_000): Promise<void> {
    if (this.port === undefined) return;
    await waitFor(
      async () => {
        if (!this.running) throw new Error(`${this.name} exited: ${this.output}`);
        return fetch(`http://127.0.0.1:${this.port}${READY_PATH}`, bounded()).then(
          (answer) => answer.status,
          () => 0,
        );
      },
      (status) => status === 200,
      { what: `${this.name} ready`, timeoutMs },
    );
  }
}

export interface ClusterOptions {
  apis: number;
  workers: number;
  /** The environment of every api and worker (database, Redis, SMTP, storage). */
  env: Record<string, string>;
}

/**
 * The built product as a cluster on this machine, as `npm run demo -- --cluster` runs it: HAProxy (configured by
 * scripts/lib/balancer.mjs) on one port in front of `apis` api processes (api/dist), and `workers` workers. Needs
 * `npm run build:server` (npm test builds first) and the `haproxy` program.
 */
export class ChaosCluster {
  readonly apis: ClusterProcess[] = [];
  readonly workers: ClusterProcess[] = [];
  private balancer?: ClusterProcess;
  private statsUrl = '';
  private readonly folder = mkdtempSync(join(tmpdir(), 'casebridge-cluster-'));
  url = '';

  static async start(options: ClusterOptions): Promise<ChaosCluster> {
    for (const built of ['api/dist/main.js', 'worker/dist/main.js']) {
      if (!existsSync(join(ROOT, built))) throw new Error(`${built} is missing: run npm run build:server first`);
    }
    try {
      execFileSync('haproxy', ['-v'], { stdio: 'ignore' });
    } catch {
      throw new Error(
        'HAProxy is not installed; the cluster needs it as its load balancer: apt-get install -y haproxy',
      );
    }
    const cluster = new ChaosCluster();
    try {
      await cluster.boot(options);
      return cluster;
    } catch (error) {
      await cluster.destroy();
      throw error;
    }
  }

  private async boot({ apis, workers, env }: ClusterOptions): Promise<void> {
    const balancerPort = await findFreePort();
    const statsPort = await findFreePort();
    this.url = `http://127.0.0.1:${balancerPort}`;
    this.statsUrl = `http://127.0.0.1:${statsPort}/;csv`;
    const shared = { LOG_LEVEL: 'warn', WEB_DIST: '', PUBLIC_URL: this.url, ...env };
    for (let index = 1; index <= apis; index += 1) {
      const port = await findFreePort();
      const apiEnv = { ...shared, PORT: String(port), SHUTDOWN_DRAIN_MS: '5000' };
      this.apis.push(new ClusterProcess(`api-${index}`, process.execPath, ['api/dist/main.js'], apiEnv, port));
    }
    for (let index = 1; index <= workers; index += 1) {
      const workerEnv = { ...shared, WORKER_METRICS_PORT: '0' };
      this.workers.push(new ClusterProcess(`worker-${index}`, process.execPath, ['worker/dist/main.js'], workerEnv));
    }
    const config = execFileSync(process.execPath, [
      join(ROOT, 'scripts/lib/balancer.mjs'),
      `127.0.0.1:${balancerPort}`,
      `127.0.0.1:${statsPort}`,
      ...this.apis.map((api) => `127.0.0.1:${api.port}`),
    ]);
    const configFile = join(this.folder, 'haproxy.cfg');
    writeFileSync(configFile, config);
    this.balancer = new ClusterProcess('balancer', 'haproxy', ['-db', '-f', configFile], {});
    for (const member of [...this.apis, ...this.workers, this.balancer]) member.start();
    await Promise.all(this.apis.map((api) => api.ready()));
    // The balancer takes an instance in after two good checks.
    await waitFor(
      () =>
        fetch(`${this.url}${READY_PATH}`, bounded()).then(
          (answer) => answer.status,
          () => 0,
        ),
      (status) => status === 200,
      { what: 'the balancer sending traffic' },
    );
  }

  /**
   * Waits until the balancer sends requests and sockets to `api` again (its checks passed twice in both backends):
   * what an operator waits for before restarting the next instance, or the balancer could be left with none.
   */
  async inRotation(api: ClusterProcess): Promise<void> {
    const server = `api${this.apis.indexOf(api) + 1}`;
    await waitFor(
      async () => {
        const csv = await fetch(this.statsUrl, bounded()).then(
          (answer) => answer.text(),
          () => '',
        );
        // Columns: pxname, svname, ... status is the 18th.
        return BACKENDS.map((backend) => {
          const row = csv.split('\n').find((line) => line.startsWith(`${backend},${server},`));
          return row?.split(',')[17] ?? 'unknown';
        });
      },
      (statuses) => statuses.every((status) => status === 'UP'),
      { what: `${server} back in the balancer's rotation` },
    );
  }

  async destroy(): Promise<void> {
    await Promise.all(
      [...this.apis, ...this.workers, ...(this.balancer ? [this.balancer] : [])].map((member) =>
        member.stop('SIGKILL'),
      ),
    );
    rmSync(this.folder, { recursive: true, force: true });
  }
}

export type { ClusterProcess };
