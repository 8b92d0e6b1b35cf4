// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { domainBoundaries } from './scripts/lint/domain-boundaries.mjs';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'libs/db/src/migrations/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      'var/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      parserOptions: {
        // Sources by their package's tsconfig; specs, test helpers and e2e by the test configs.
        project: [
          './libs/contracts/tsconfig.json',
          './libs/server-core/tsconfig.json',
          './libs/db/tsconfig.json',
          './api/tsconfig.json',
          './worker/tsconfig.json',
          './web/tsconfig.json',
          './e2e/tsconfig.json',
          './tsconfig.spec.json',
        ],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'off',
    },
  },
  {
    // The api's house (docs/architecture.md). An exception would name a known crossing with the reason it exists;
    // there is none: domains publish what others may use (modules, services, their root index.ts).
    files: ['api/src/**/*.ts'],
    plugins: { casebridge: { rules: { 'domain-boundaries': domainBoundaries } } },
    rules: {
      'casebridge/domain-boundaries': [
        'error',
        {
          exceptions: [],
        },
      ],
    },
  },
  {
    // The two server apps share code through libs and their tests through test/kit, never by reaching into each
    // other's folders.
    files: ['api/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['**/worker/src/**', '**/worker/test/**'], message: 'Use a lib, or test/kit in tests.' }],
        },
      ],
    },
  },
  {
    files: ['worker/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/api/src/**', '**/api/test/**'], message: 'Use a lib, or test/kit in tests.' }] },
      ],
    },
  },
  {
    files: ['web/**/*.tsx', 'web/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // CommonJS files loaded by jest itself (its config, runtime and environment): require is how they load.
    files: ['jest.config.js', 'test/jest/*.js'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: { require: 'readonly', module: 'writable', __dirname: 'readonly', process: 'readonly' },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly', fetch: 'readonly' },
    },
  },
);
