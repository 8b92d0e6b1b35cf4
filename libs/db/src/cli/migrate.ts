import { assertServerReachable, databaseNameFromUrl } from '../admin/database-server';
import { migrateDatabase } from '../admin/schema';
import { runCli } from './run-cli';

/** Applies pending migrations to the database in DATABASE_URL (never run on boot). */
runCli('db:migrate', async (databaseUrl) => {
  await assertServerReachable(databaseUrl);
  const applied = await migrateDatabase(databaseUrl);
  const database = databaseNameFromUrl(databaseUrl);
  if (applied.length === 0) console.log(`db:migrate: ${database} is up to date`);
  for (const name of applied) console.log(`db:migrate: applied ${name} to ${database}`);
});
