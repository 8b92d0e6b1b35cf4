/** Names shared by the integration harness: every database of a run starts with the run's prefix. */
export const TEST_RUN_ENV = 'CASEBRIDGE_TEST_RUN';
export const TEST_TEMPLATE_DB_ENV = 'CASEBRIDGE_TEST_TEMPLATE_DB';

export function runDatabasePrefix(runId: string): string {
  return `casebridge_test_${runId}_`;
}

export function templateDatabaseName(runId: string): string {
  return `${runDatabasePrefix(runId)}tpl`;
}

/** Short, lowercase, unique enough for parallel runs on one machine (a PostgreSQL name is at most 63 bytes). */
export function newRunId(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}
