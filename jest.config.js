// @ts-check
/* global __dirname, module */
/**
 * Two projects: `unit` (*.spec.ts, no services needed) and `integration` (*.int-spec.ts, real PostgreSQL and Redis).
 * Workspace packages resolve to their TypeScript sources, so tests never need a build first.
 */
const moduleNameMapper = {
  '^@casebridge/contracts$': '<rootDir>/libs/contracts/src',
  '^@casebridge/db$': '<rootDir>/libs/db/src',
};

const transform = { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.spec.json' }] };

const shared = {
  rootDir: __dirname,
  testEnvironment: 'node',
  moduleFileExtensions: ['ts', 'js', 'json'],
  roots: ['<rootDir>/libs', '<rootDir>/api', '<rootDir>/worker', '<rootDir>/web/src'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  moduleNameMapper,
  transform,
};

/** @type {import('jest').Config} */
module.exports = {
  maxWorkers: 2,
  // A bound for a broken run, not a target: the first suite of each worker compiles the whole api for its hook
  // (ts-jest, cold cache) and may take half a minute on two busy cores.
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
      globalSetup: '<rootDir>/test/integration/global-setup.ts',
      globalTeardown: '<rootDir>/test/integration/global-teardown.ts',
    },
  ],
};
