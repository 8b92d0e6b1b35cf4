import { execFile, spawn } from 'child_process';
import { chownSync, mkdtempSync, readdirSync, rmSync } from 'fs';
import os from 'os';
import path from 'path';
import { Client } from 'pg';
import { promisify } from 'util';
import { findFreePort } from '../mail-catcher';
import { waitFor } from '../../wait-for';

const run = promisify(execFile);

/** The folder of PostgreSQL's server programs (initdb, pg_ctl): pg_config's, else the newest Debian install. */
async function serverBinDir(): Promise<string> {
  try {
    const { stdout } = await run('pg_config', ['--bindir']);
    const dir = stdout.trim();
    if (readdirSync(dir).includes('initdb')) return dir;
  } catch {
    // no pg_config on the PATH, or only the client's
  }
  const root = '/usr/lib/postgresql';
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  if (versions.length === 0) throw new Error('no PostgreSQL server installation found');
  return path.join(root, versions[0], 'bin');
}

/**
 * A PostgreSQL server of the test's own (initdb in a temporary folder, trust auth, user postgres) on a free port
 * of 127.0.0.1, that the test may crash and start again on the same port: the machine's shared server is never
 * touched. PostgreSQL refuses to run as root, so the programs run as the `postgres` system user when the test
 * runs as root. Always call destroy() in afterAll.
 */
export class PrivatePostgres {
  private readonly dataDirectory: string;

  private constructor(
    readonly port: number,
    private readonly folder: string,
    private readonly binDir: string,
  ) {
    this.dataDirectory = path.join(folder, 'data');
  }

  /** Creates the cluster and starts it (initdb takes a few seconds). */
  static async start(): Promise<PrivatePostgres> {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'casebridge-pg-'));
    const server = new PrivatePostgres(await findFreePort(), folder, await serverBinDir());
    try {
      if (process.getuid?.() === 0) chownSync(folder, ...(await postgresIds()));
      await server.asServerUser('initdb', ['-D', server.dataDirectory, '--auth=trust', '-U', 'postgres', '-E', 'UTF8']);
      await server.start();
      return server;
    } catch (error) {
      await server.destroy();
      throw error;
    }
  }

  /** URL of database `name` on this server. */
  urlFor(name: string): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${name}`;
  }

  /** Starts the server (again, same port and data) and waits until it accepts connections. */
  async start(): Promise<void> {
    // fsync off: a test cluster, and a crash here is a kill of the server process, not of the machine.
    const options = `-p ${this.port} -k ${this.folder} -c listen_addresses=127.0.0.1 -c fsync=off`;
    const log = path.join(this.folder, 'server.log');
    await this.asServerUser('pg_ctl', ['-D', this.dataDirectory, '-o', options, '-l', log, '-w', '-t', '30', 'start']);
    await this.waitForConnection(15_000);
  }

  /** Stops at once, as a crash does (pg_ctl -m immediate: no checkpoint, clients cut off); recovery runs on start. */
  async kill(): Promise<void> {
    await this.asServerUser('pg_ctl', ['-D', this.dataDirectory, '-m', 'immediate', '-w', 'stop']).catch(
      () => undefined,
    );
  }

  /** True when the server accepts connections. */
  async accepting(): Promise<boolean> {
    const client = new Client({ connectionString: this.urlFor('postgres'), connectionTimeoutMillis: 2000 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('select 1');
      return true;
    } catch {
      return false;
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  async createDatabase(name: string): Promise<string> {
    const client = new Client({ connectionString: this.urlFor('postgres') });
    await client.connect();
    try {
      await client.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
    } finally {
      await client.end();
    }
    return this.urlFor(name);
  }

  /**
   * Creates database `name` here as a copy of `sourceUrl` (e.g. the run's migrated and seeded template on the
   * shared server), through pg_dump | psql: much faster than migrating and seeding again. Returns its URL.
   */
  async copyDatabase(sourceUrl: string, name: string): Promise<string> {
    const url = await this.createDatabase(name);
    const dump = spawn(path.join(this.binDir, 'pg_dump'), ['--no-owner', '--no-privileges', '-d', sourceUrl]);
    const restore = spawn(path.join(this.binDir, 'psql'), ['-q', '-v', 'ON_ERROR_STOP=1', '-d', url]);
    dump.stdout.pipe(restore.stdin);
    const errors: string[] = [];
    dump.stderr.on('data', (chunk: Buffer) => errors.push(chunk.toString()));
    restore.stderr.on('data', (chunk: Buffer) => errors.push(chunk.toString()));
    const exitOf = (child: ReturnType<typeof spawn>) =>
      new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
    const [dumped, restored] = await Promise.all([exitOf(dump), exitOf(restore)]);
    if (dumped !== 0 || restored !== 0) throw new Error(`copying ${sourceUrl} failed: ${errors.join('')}`);
    return url;
  }

  /** Stops the server and removes its folder; safe to call when it is already down. */
  async destroy(): Promise<void> {
    await this.kill();
    rmSync(this.folder, { recursive: true, force: true });
  }

  private async waitForConnection(timeoutMs: number): Promise<void> {
    await waitFor(
      () => this.accepting(),
      (accepting) => accepting,
      { what: 'the private PostgreSQL accepting connections', timeoutMs },
    );
  }

  private async asServerUser(program: string, args: string[]): Promise<void> {
    const binary = path.join(this.binDir, program);
    const [command, commandArgs] =
      process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', binary, ...args]] : [binary, args];
    try {
      await run(command, commandArgs, { timeout: 60_000 });
    } catch (error) {
      const { stderr, stdout } = error as { stderr?: string; stdout?: string };
      throw new Error(`${program} failed: ${stderr || stdout || String(error)}`);
    }
  }
}

async function postgresIds(): Promise<[number, number]> {
  const [{ stdout: uid }, { stdout: gid }] = await Promise.all([
    run('id', ['-u', 'postgres']),
    run('id', ['-g', 'postgres']),
  ]);
  return [Number(uid.trim()), Number(gid.trim())];
}
