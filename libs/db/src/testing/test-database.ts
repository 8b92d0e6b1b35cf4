import { loadServerConfig } from '@casebridge/server-core';
import {
  createDatabase,
  databaseUrlFor,
  dropDatabaseIfExists,
  listDatabasesWithPrefix,
} from '../admin/database-server';
import { migrateDatabase, seedDatabase } from '../admin/schema';

/**
 * Databases for tests, on the server of DATABASE_URL. A jest globalSetup builds one migrated and
 * seeded template per run; each test file then gets its own cheap copy of it.
 */

function serverUrl(): string {
  return loadServerConfig().DATABASE_URL;
}

/** The URL of database `name` on the test server. */
export function testDatabaseUrl(name: string): string {
  return databaseUrlFor(serverUrl(), name);
}

/** (Re)creates `name`, migrates and seeds it; returns its URL. */
export async function createTemplateDatabase(name: string): Promise<string> {
  await dropDatabaseIfExists(serverUrl(), name);
  await createDatabase(serverUrl(), name);
  const url = testDatabaseUrl(name);
  await migrateDatabase(url);
  await seedDatabase(url);
  detachOrmGlobals();
  return url;
}

/**
 * MikroORM keeps decorator metadata in a `globalThis['mikro-orm-*']` store, and Jest copies the
 * parent's globals into the context of test files run in band. Left behind by the globalSetup, that
 * store would mix this realm's metadata into the test files' own ORM and break its discovery.
 * This module's ORM keeps working: MikroORM holds its own reference to the store.
 */
function detachOrmGlobals(): void {
  const globals = globalThis as Record<string, unknown>;
  for (const key of Object.keys(globals)) {
    if (key.startsWith('mikro-orm-')) delete globals[key];
  }
}

/** CREATE DATABASE newName TEMPLATE templateName; returns the new database's URL. */
export async function cloneDatabase(templateName: string, newName: string): Promise<string> {
  await dropDatabaseIfExists(serverUrl(), newName);
  await createDatabase(serverUrl(), newName, templateName);
  return testDatabaseUrl(newName);
}

export async function dropDatabase(name: string): Promise<void> {
  await dropDatabaseIfExists(serverUrl(), name);
}

/** Drops every database whose name starts with `prefix` (leftovers of earlier runs); returns their names. */
export async function dropDatabasesWithPrefix(prefix: string): Promise<string[]> {
  const names = await listDatabasesWithPrefix(serverUrl(), prefix);
  for (const name of names) await dropDatabaseIfExists(serverUrl(), name);
  return names;
}
