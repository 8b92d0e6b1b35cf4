import { MikroORM, type Options } from '@mikro-orm/postgresql';
import { createOrmConfig } from '../mikro-orm.config';
import { seedDemo, type DemoSeedSummary } from '../seeders/demo-seeder';

/** Opens an ORM on `databaseUrl`, runs `work`, and always closes it again. */
export async function withOrm<T>(
  databaseUrl: string,
  work: (orm: MikroORM) => Promise<T>,
  overrides: Partial<Options> = {},
): Promise<T> {
  const orm = await MikroORM.init(createOrmConfig(databaseUrl, overrides));
  try {
    return await work(orm);
  } finally {
    await orm.close(true);
  }
}

/** Applies every pending migration; returns the names of those applied. */
export async function migrateDatabase(databaseUrl: string): Promise<string[]> {
  return withOrm(
    databaseUrl,
    async (orm) => {
      const applied = await orm.getMigrator().up();
      return applied.map((migration) => migration.name);
    },
    { migrations: { ...createOrmConfig(databaseUrl).migrations, silent: true } },
  );
}

/** Loads the demo network into an empty, migrated database. */
export async function seedDatabase(databaseUrl: string): Promise<DemoSeedSummary> {
  return withOrm(databaseUrl, async (orm) => seedDemo(orm.em.fork()));
}
