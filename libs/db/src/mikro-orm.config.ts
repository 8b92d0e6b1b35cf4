import { join } from 'node:path';
import { Migrator } from '@mikro-orm/migrations';
import { type Options, PostgreSqlDriver } from '@mikro-orm/postgresql';
import { ReflectMetadataProvider } from '@mikro-orm/core';
import { ALL_ENTITIES } from './entities';

/**
 * Migrations are read from `migrations` next to this file: compiled .js under dist when run by
 * node, the .ts sources when run by jest. New migrations are always written to src/migrations.
 */
const MIGRATIONS_DIR = join(__dirname, 'migrations');
const MIGRATIONS_SOURCE_DIR = join(__dirname, '..', 'src', 'migrations');

export function createOrmConfig(databaseUrl: string, overrides: Partial<Options> = {}): Options {
  return {
    driver: PostgreSqlDriver,
    clientUrl: databaseUrl,
    entities: ALL_ENTITIES,
    metadataProvider: ReflectMetadataProvider,
    extensions: [Migrator],
    forceUtcTimezone: true,
    // Entity classes are listed explicitly; never cache discovered metadata on disk.
    metadataCache: { enabled: false },
    discovery: { warnWhenNoEntities: true, checkDuplicateTableNames: true },
    migrations: {
      tableName: 'mikro_orm_migrations',
      path: MIGRATIONS_DIR,
      pathTs: MIGRATIONS_SOURCE_DIR,
      glob: '!(*.d).{js,ts}',
      transactional: true,
      allOrNothing: true,
      emit: 'ts',
      snapshot: true,
      snapshotName: '.snapshot-casebridge',
    },
    debug: false,
    ...overrides,
  };
}

/** Used by the MikroORM CLI (`mikro-orm migration:create --config libs/db/dist/mikro-orm.config.js`). */
export default createOrmConfig(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/casebridge');
