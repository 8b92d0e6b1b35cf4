/**
 * Test databases, published as `@casebridge/db/testing` only: the production entry point does not export them, and
 * no production code imports this subpath.
 */
export {
  createTemplateDatabase,
  cloneDatabase,
  dropDatabase,
  dropDatabasesWithPrefix,
  testDatabaseUrl,
} from './test-database';
