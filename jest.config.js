// @ts-check

/**
 * Two projects: `unit` (*.spec.ts, no services needed) and `integration` (*.int-spec.ts, real PostgreSQL and Redis).
 * Workspace packages resolve to their TypeScript sources, so tests never need a build first.
 */
const moduleNameMapper = {
  '^@casebridge/contracts$': '<rootDir>/libs/contracts/src',
  '^@casebridge/server-core$': '<rootDir>/libs/server-core/src',
  '^@casebridge/db$': '<rootDir>/libs/db/src',
  '^@casebridge/db/testing$': '<rootDir>/libs/db/src/testing',
  '^@casebridge/sdk$': '<rootDir>/sdk/src',
};

/** A plain transform: see test/jest/swc-options.js. */
const transform = { '^.+\\.ts$': ['@swc/jest', require('./test/jest/swc-options')] };

const shared = {
  rootDir: __dirname,
  testEnvironment: 'node',
  moduleFileExtensions: ['ts', 'js', 'json'],
  roots: [
    '<rootDir>/libs',
    '<rootDir>/api',
    '<rootDir>/worker',
    '<rootDir>/test',
    '<rootDir>/web/src',
    '<rootDir>/sdk',
  ],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  moduleNameMapper,
  transform,
};

/** @type {import('jest').Config} */
module.exports = {
  maxWorkers: 2,
  testTimeout: 60000,
  projects: [
    {
      ...shared,
      displayName: 'unit',
      testMatch: ['**/*.spec.ts'],
    },
    {
      ...shared,
      displayName: 'integration',
      testMatch: ['**/*.int-spec.ts'],
      testEnvironment: '<rootDir>/test/jest/shared-environment.js',
      runtime: '<rootDir>/test/jest/shared-runtime.js',
      globalSetup: '<rootDir>/test/integration/global-setup.ts',
      globalTeardown: '<rootDir>/test/integration/global-teardown.ts',
    },
  ],
};
