import './workspace-paths';
import { createTemplateDatabase, dropDatabase } from '@casebridge/db/testing';
import { newRunId, TEST_RUN_ENV, TEST_TEMPLATE_DB_ENV, templateDatabaseName } from './run-names';

/**
 * Once per jest run: one migrated and seeded template database. Each test file clones it (fast, isolated).
 * The names reach the test workers through the environment, which they inherit.
 */
export default async function globalSetup(): Promise<void> {
  const runId = process.env[TEST_RUN_ENV] || newRunId();
  const template = templateDatabaseName(runId);
  try {
    await createTemplateDatabase(template);
  } catch (error) {
    // Jest skips globalTeardown when globalSetup throws: do not leave a half-built template behind.
    await dropDatabase(template).catch(() => undefined);
    throw error;
  }
  process.env[TEST_RUN_ENV] = runId;
  process.env[TEST_TEMPLATE_DB_ENV] = template;
}
