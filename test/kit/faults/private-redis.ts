import { ChildProcess, spawn } from 'child_process';
import { mkdtempSync, rmSync } from 'fs';
import IORedis from 'ioredis';
import os from 'os';
import path from 'path';
import { findFreePort } from '../mail-catcher';
import { readUntil } from '../../wait-for';
import { settleWithin } from './timing';

export interface PrivateRedisOptions {
  /** Keep the data across restarts in an append-only file (in a temporary folder removed by destroy()). */
  persistent?: boolean;
}

/**
 * A redis-server of the test's own, on a free port of 127.0.0.1, that the test may kill and start again on the
 * same port: the machine's shared Redis is never restarted or flushed. Always call destroy() in afterAll.
 */
export class PrivateRedis {
  private child?: ChildProcess;
  private readonly dataDirectory?: string;
  private output = '';

  private constructor(
    readonly port: number,
    private readonly options: PrivateRedisOptions,
  ) {
    if (options.persistent) this.dataDirectory = mkdtempSync(path.join(os.tmpdir(), 'casebridge-redis-'));
  }

  static async start(options: PrivateRedisOptions = {}): Promise<PrivateRedis> {
    const redis = new PrivateRedis(await findFreePort(), options);
    await redis.start();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  get running(): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Starts the server (again, on the same port and data folder) and waits until it answers PING. */
  async start(): Promise<void> {
    if (this.running) throw new Error('private redis is already running');
    const args = ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--protected-mode', 'no'];
    args.push(...(this.dataDirectory ? ['--appendonly', 'yes', '--dir', this.dataDirectory] : ['--appendonly', 'no']));
    const child = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout?.on('data', (chunk: Buffer) => (this.output = (this.output + chunk.toString()).slice(-4000)));
    child.stderr?.on('data', (chunk: Buffer) => (this.output = (this.output + chunk.toString()).slice(-4000)));
    this.child = child;
    await this.waitForPing(10_000);
  }

  /** Kills the server (SIGKILL: a crash, nothing flushed beyond what Redis already wrote) and waits for its exit. */
  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const child = this.child;
    if (!child || !this.running) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill(signal);
    await settleWithin(exited, 5_000);
    if (this.running) {
      child.kill('SIGKILL');
      await exited;
    }
  }

  /** Stops the server and removes its data folder; safe to call when it is already down. */
  async destroy(): Promise<void> {
    await this.kill('SIGKILL');
    if (this.dataDirectory) rmSync(this.dataDirectory, { recursive: true, force: true });
  }

  private async waitForPing(timeoutMs: number): Promise<void> {
    const { value } = await readUntil(
      async () => (this.running ? await this.ping() : 'exited'),
      (answer) => answer !== 'not up yet',
      { timeoutMs, everyMs: 50 },
    );
    if (value === 'exited') throw new Error(`private redis exited: ${this.output}`);
    if (value !== 'PONG') throw new Error(`private redis not ready after ${timeoutMs} ms: ${this.output}`);
  }

  /** 'PONG' once the server answers; a persistent server answers LOADING while it reads its append-only file. */
  private async ping(): Promise<'PONG' | 'not up yet'> {
    const client = new IORedis(this.url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    client.on('error', () => undefined);
    try {
      await client.connect();
      return (await client.ping()) === 'PONG' ? 'PONG' : 'not up yet';
    } catch {
      return 'not up yet';
    } finally {
      client.disconnect();
    }
  }
}
