import type { SqlRunner } from '@casebridge/db';
import type { EntityManager } from '@mikro-orm/postgresql';
import { createHash } from 'node:crypto';
import type { Fragment } from './page-totals';

/** The two calls of knex's pool client this needs; the connection is node-postgres's Client. */
interface PooledClient {
  acquireConnection(): Promise<PgConnection>;
  releaseConnection(connection: PgConnection): Promise<unknown>;
}
interface PgConnection {
  query<T>(config: { name?: string; text: string; values: unknown[] }): Promise<{ rows: T[] }>;
}

/**
 * Distinct statements given a name (prepared once per pooled connection, then planned at most a few times by
 * PostgreSQL's plan cache); past this many a statement runs unnamed, so sorts and filters nobody uses twice cannot
 * fill the server's memory with plans.
 */
const NAMED_STATEMENTS = 200;
const statements = new Map<string, { name?: string; text: string }>();

function statementOf(sql: string): { name?: string; text: string } {
  let statement = statements.get(sql);
  if (!statement) {
    let index = 0;
    // The statements handed here hold no literal question mark; MikroORM's `?` become PostgreSQL's $n.
    const text = sql.replace(/\?/g, () => `$${++index}`);
    const named = statements.size < NAMED_STATEMENTS;
    statement = named ? { name: `r${createHash('sha1').update(sql).digest('hex').slice(0, 24)}`, text } : { text };
    if (named) statements.set(sql, statement);
  }
  return statement;
}

/**
 * Runs a read as a named prepared statement on a pooled connection: the hot reads (case pages and lists, the
 * dashboard) are a few fixed statements whose planning costs PostgreSQL more than running them, and whose text
 * (kilobytes) need not cross the socket on every request. Inside a transaction it runs through the entity manager,
 * on the transaction's connection, as any query.
 */
export async function readRows<T>(em: EntityManager, statement: Fragment): Promise<T[]> {
  if (em.getTransactionContext()) return em.execute<T[]>(statement.sql, statement.params);
  const client = em.getKnex().client as unknown as PooledClient;
  const connection = await client.acquireConnection();
  try {
    const result = await connection.query<T>({ ...statementOf(statement.sql), values: statement.params });
    return result.rows;
  } finally {
    await client.releaseConnection(connection);
  }
}

/**
 * readRows as a SqlRunner, for libs/db's readers (the live messages, a follower's replay). A statement given a list
 * runs through the entity manager, which spreads the list into `?, ?, ...` as these readers expect (and a statement
 * whose text changes with a list's length is not worth preparing).
 */
export function preparedRunner(em: EntityManager): SqlRunner {
  return (sql, params) =>
    params.some(Array.isArray) ? em.execute(sql, [...params]) : readRows(em, { sql, params: [...params] });
}
