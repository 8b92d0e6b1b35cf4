import { createDatabase, databaseNameFromUrl, dropDatabaseIfExists } from '../admin/database-server';
import { migrateDatabase, seedDatabase } from '../admin/schema';
import { describeSeedSummary } from '../seeders/demo-seeder';
import { runCli } from './run-cli';

/** Drops and recreates the database in DATABASE_URL, migrates it and loads the demo network. */
runCli('db:reset', async (databaseUrl) => {
  const database = databaseNameFromUrl(databaseUrl);
  await dropDatabaseIfExists(databaseUrl, database);
  await createDatabase(databaseUrl, database);
  console.log(`db:reset: recreated database ${database}`);
  const applied = await migrateDatabase(databaseUrl);
  console.log(`db:reset: applied ${applied.length} migration(s): ${applied.join(', ')}`);
  const summary = await seedDatabase(databaseUrl);
  console.log(`db:reset: seeded ${describeSeedSummary(summary)}`);
});
