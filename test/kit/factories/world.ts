import { randomBytes } from 'node:crypto';
import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ApiHarness } from '../api-harness';
import { CachedReads } from '../../../api/src/platform/read-cache/cached-reads.service';

/**
 * Where factories write: a running api (integration tests of the api) or a bare ORM (worker tests, which boot no
 * api). Rows are written through the entities of `@casebridge/db`, as the product's services write them.
 */
export type FactoryTarget = ApiHarness | MikroORM;

function isApi(target: FactoryTarget): target is ApiHarness {
  return 'app' in target;
}

/** A fresh EntityManager on the target's database. */
export function emOf(target: FactoryTarget): EntityManager {
  const orm = isApi(target) ? target.app.get(MikroORM) : target;
  return orm.em.fork() as EntityManager;
}

/**
 * After a direct write: the api's cached reads have seen it, so the next request reads the new rows even when an
 * earlier read of the same page was kept (the api answers its own writes the same way, see read-cache).
 */
export async function settle(target: FactoryTarget): Promise<void> {
  if (isApi(target)) await target.app.get(CachedReads).sync();
}

/** Unique in this run across jest workers and files: the process, a random part, and a counter. */
const RUN_SUFFIX = `${process.pid.toString(36)}${randomBytes(3).toString('hex')}`;
let counter = 0;

/**
 * A name no other call (in this file, another file or another run on the same database) produces: lower-case
 * letters, digits and hyphens, so it also serves as a slug or an e-mail's local part.
 */
export function uniqueName(label: string): string {
  counter += 1;
  const base = label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  // Padded, so that no name is the beginning of another (a search for one finds only that one).
  return `${base || 'x'}-${RUN_SUFFIX}-${String(counter).padStart(5, '0')}`;
}

/**
 * Waits until the change feed serves everything committed before the call. The feed serves an entry once no
 * older transaction runs anywhere on the PostgreSQL server (libs/db case-feed), and tests in the other jest
 * worker share that server: a transaction of theirs may hold the feed back for a moment. A new transaction id,
 * committed, is passed once the oldest running one is younger than it.
 */
export async function feedCaughtUp(target: FactoryTarget, timeoutMs = 15_000): Promise<void> {
  const em = emOf(target);
  const [{ xid }] = await em.execute<{ xid: string }[]>('select pg_current_xact_id()::text as xid');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [{ passed }] = await em.execute<{ passed: boolean }[]>(
      'select pg_snapshot_xmin(pg_current_snapshot()) > ?::xid8 as passed',
      [xid],
    );
    if (passed) return;
    if (Date.now() > deadline) throw new Error(`the change feed did not pass transaction ${xid} in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
