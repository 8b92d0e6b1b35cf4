import './workspace-paths';
import { dropDatabasesWithPrefix } from '@casebridge/db/testing';
import { runDatabasePrefix, TEST_RUN_ENV } from './run-names';

/** Drops the template and any clone a crashed test file left behind. */
export default async function globalTeardown(): Promise<void> {
  const runId = process.env[TEST_RUN_ENV];
  if (!runId) return;
  await dropDatabasesWithPrefix(runDatabasePrefix(runId));
}
