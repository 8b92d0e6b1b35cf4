// Scales the demo network up in its own database (default casebridge_bench) through the real schema:
// migrate, seed the demo, then set-based INSERT ... SELECT over generate_series, so every constraint,
// foreign key and index of the migrations holds. Usage: node bench/generate.mjs [--small] [--companies N]
// [--users N] [--cases N] [--database NAME] [--export-rows N]
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import db from '@casebridge/db';
import serverCore from '@casebridge/server-core';
import pg from 'pg';
import { benchDatabase, generationSizes, intOption, parseArgs } from './lib/options.mjs';
import { exportRowsSql, GENERATION_STEPS } from './lib/generation-sql.mjs';

/** Users of a generated company sign in as user{k}@bench-{n}.test, k = 1 being its business manager. */
export const benchUserEmail = (companyOrdinal, userOrdinal) =>
  `user${userOrdinal}@bench-${String(companyOrdinal).padStart(4, '0')}.test`;

async function recreateDatabase(database) {
  const client = new pg.Client({ connectionString: database.maintenanceUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${database.name}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${database.name}"`);
  } finally {
    await client.end();
  }
}

/** Recreates, migrates, seeds and scales the bench database; resolves with the row counts and timings. */
export async function generate({ database, sizes, log = console.log }) {
  if (sizes.users < sizes.companies) throw new Error('--users must be at least --companies (one manager each)');
  const started = performance.now();
  await recreateDatabase(database);
  await db.migrateDatabase(database.url);
  await db.seedDatabase(database.url);
  const seededAt = performance.now();
  log(`generate: migrated and seeded the demo into ${database.name} in ${seconds(seededAt - started)}`);

  // Hashing 20,000 passwords with argon2id would take minutes: every generated user shares one hash.
  const passwordHash = await serverCore.hashPassword(db.DEMO_PASSWORD);
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const steps = [];
  try {
    await client.query('BEGIN');
    // Fixed seed: the same sizes make the same network, so runs compare.
    await client.query('select setseed(0.42)');
    for (const step of GENERATION_STEPS) {
      const stepStarted = performance.now();
      const result = await client.query(step.sql({ ...sizes, passwordHash }));
      steps.push({ name: step.name, rows: result.rowCount ?? 0, ms: performance.now() - stepStarted });
      log(`generate: ${step.name}: ${result.rowCount ?? 0} rows in ${seconds(performance.now() - stepStarted)}`);
    }
    if (sizes.exportRows) steps.push(await addExportRows(client, sizes.exportRows, log));
    await client.query('COMMIT');
    // As autovacuum would leave it: the set-based updates left a dead version of most rows, and index-only scans
    // (the case lists' bounded counts) need the visibility map a vacuum writes.
    await client.query('VACUUM (ANALYZE)');
    const counts = await rowCounts(client);
    const total = performance.now() - started;
    log(
      `generate: done in ${seconds(total)}: ${Object.entries(counts)
        .map(([t, n]) => `${n} ${t}`)
        .join(', ')}`,
    );
    return { counts, steps, totalMs: total, seedMs: seededAt - started };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

/** The login events the exports benchmark reads (see exportRowsSql); replaces those made before. */
export async function addExportRows(client, rows, log = console.log) {
  const started = performance.now();
  let inserted = 0;
  for (const statement of exportRowsSql(rows)) inserted = (await client.query(statement)).rowCount ?? 0;
  const ms = performance.now() - started;
  log(`generate: login events for exports: ${inserted} rows in ${seconds(ms)}`);
  return { name: 'login events for exports', rows: inserted, ms };
}

const COUNTED_TABLES = ['companies', 'users', 'cases', 'case_notes', 'case_responses', 'case_events'];

async function rowCounts(client) {
  const counts = {};
  for (const table of COUNTED_TABLES) {
    const { rows } = await client.query(`select count(*)::int as n from ${table}`);
    counts[table] = rows[0].n;
  }
  return counts;
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const options = parseArgs();
  const database = benchDatabase(options);
  const exportRows = options['export-rows'] === undefined ? 0 : intOption(options, 'export-rows', 0);
  generate({ database, sizes: { ...generationSizes(options), exportRows } }).then(
    () => process.exit(0),
    (error) => {
      console.error('generate failed:', error instanceof Error ? (error.stack ?? error.message) : error);
      process.exit(1);
    },
  );
}
