import { defineConfig } from '@playwright/test';
import path from 'path';
import { E2E_STACK } from './support/stack';

const inCi = Boolean(process.env.CI);

/** Journeys in Debian's Chromium against the running stack started by global-setup.ts. */
export default defineConfig({
  testDir: './tests',
  outputDir: './test-results/artifacts',
  globalSetup: require.resolve('./global-setup'),
  fullyParallel: false,
  // One worker: the stage is CPU-bound on two cores. A second lane for the accessibility scans measured slower
  // (708 s against 655 s), two workers for the journeys only 10% faster (docs/testing.md).
  workers: 1,
  retries: inCi ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: path.join(__dirname, 'test-results', 'results.json') }]],
  use: {
    baseURL: E2E_STACK.baseUrl,
    // Recording a trace costs every test about a tenth of its time: recorded for a retry (CI), kept when it fails.
    trace: inCi ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
