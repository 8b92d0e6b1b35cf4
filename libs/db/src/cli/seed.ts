import { assertServerReachable, databaseNameFromUrl } from '../admin/database-server';
import { seedDatabase } from '../admin/schema';
import { describeSeedSummary } from '../seeders/demo-seeder';
import { runCli } from './run-cli';

/** Loads the demo network into the (migrated, empty) database in DATABASE_URL. */
runCli('db:seed', async (databaseUrl) => {
  await assertServerReachable(databaseUrl);
  const summary = await seedDatabase(databaseUrl);
  console.log(`db:seed: seeded ${databaseNameFromUrl(databaseUrl)}: ${describeSeedSummary(summary)}`);
});
