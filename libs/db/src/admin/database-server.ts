import { Client } from 'pg';

/** Raised when PostgreSQL does not answer; the message says how to start it. */
export class DatabaseUnreachableError extends Error {}

const SAFE_DATABASE_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

/** The database named by a postgres:// URL. */
export function databaseNameFromUrl(databaseUrl: string): string {
  const name = decodeURIComponent(new URL(databaseUrl).pathname.replace(/^\//, ''));
  if (!name) throw new Error(`DATABASE_URL names no database: ${redactUrl(databaseUrl)}`);
  return assertSafeDatabaseName(name);
}

/** The same server with another database (e.g. the maintenance database `postgres`). */
export function databaseUrlFor(databaseUrl: string, databaseName: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${assertSafeDatabaseName(databaseName)}`;
  return url.toString();
}

/** The URL without its password, for messages. */
export function redactUrl(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  if (url.password) url.password = '***';
  return url.toString();
}

/** Database names are interpolated into DDL, so only plain identifiers are accepted. */
export function assertSafeDatabaseName(name: string): string {
  if (!SAFE_DATABASE_NAME.test(name)) {
    throw new Error(`Unsupported database name "${name}": use letters, digits and underscores only`);
  }
  return name;
}

function unreachableMessage(databaseUrl: string, cause: unknown): string {
  const reason = cause instanceof Error ? cause.message : String(cause);
  return [
    `PostgreSQL is not reachable at ${redactUrl(databaseUrl)} (${reason}).`,
    'Start it, then try again:',
    '  - Debian/Ubuntu: sudo apt-get install postgresql && sudo service postgresql start',
    '  - Docker: docker compose up -d postgres redis',
    'or point DATABASE_URL at a running server.',
  ].join('\n');
}

function isConnectionFailure(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return ['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ETIMEDOUT', 'ECONNRESET', 'EAI_AGAIN'].includes(code ?? '');
}

/** Runs `work` with a client connected to the server's maintenance database `postgres`. */
export async function withServerClient<T>(databaseUrl: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({
    connectionString: databaseUrlFor(databaseUrl, 'postgres'),
    connectionTimeoutMillis: 5000,
  });
  try {
    await client.connect();
  } catch (error) {
    if (isConnectionFailure(error)) throw new DatabaseUnreachableError(unreachableMessage(databaseUrl, error));
    throw error;
  }
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Fails with DatabaseUnreachableError (and its how-to-start message) when the server does not answer. */
export async function assertServerReachable(databaseUrl: string): Promise<void> {
  await withServerClient(databaseUrl, async (client) => {
    await client.query('select 1');
  });
}

export async function databaseExists(serverUrl: string, name: string): Promise<boolean> {
  return withServerClient(serverUrl, async (client) => {
    const result = await client.query('select 1 from pg_database where datname = $1', [assertSafeDatabaseName(name)]);
    return (result.rowCount ?? 0) > 0;
  });
}

/** CREATE DATABASE, optionally as a copy of `template` (which must have no open connections). */
export async function createDatabase(serverUrl: string, name: string, template?: string): Promise<void> {
  const templateClause = template ? ` TEMPLATE "${assertSafeDatabaseName(template)}"` : '';
  await withServerClient(serverUrl, async (client) => {
    await client.query(`CREATE DATABASE "${assertSafeDatabaseName(name)}"${templateClause}`);
  });
}

/** DROP DATABASE IF EXISTS, closing any open connections to it first. */
export async function dropDatabaseIfExists(serverUrl: string, name: string): Promise<void> {
  await withServerClient(serverUrl, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS "${assertSafeDatabaseName(name)}" WITH (FORCE)`);
  });
}

export async function listDatabasesWithPrefix(serverUrl: string, prefix: string): Promise<string[]> {
  if (!prefix) throw new Error('A database prefix is required');
  return withServerClient(serverUrl, async (client) => {
    // LIKE treats _ as a wildcard, so compare the prefix literally.
    const result = await client.query<{ datname: string }>(
      'select datname from pg_database where left(datname, length($1)) = $1 order by datname',
      [prefix],
    );
    return result.rows.map((row) => row.datname);
  });
}
