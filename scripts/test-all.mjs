// `npm test`: every check of the project in order, continuing after a failing stage.
// Ends with one line "N passed, N failed" (jest, Vitest and Playwright tests; a failed lint, build or type check
// counts as 1).
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, run } from './lib/processes.mjs';

const RESULTS_DIR = path.join(REPO_ROOT, 'var', 'test-results');
const JEST_RESULTS = path.join(RESULTS_DIR, 'jest.json');
const VITEST_RESULTS = path.join(RESULTS_DIR, 'vitest.json');
const PLAYWRIGHT_RESULTS = path.join(REPO_ROOT, 'e2e', 'test-results', 'results.json');

const summary = { passed: 0, failed: 0 };
const stages = [];

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

async function stage(name, command, args, countTests) {
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}\n`);
  const started = Date.now();
  const exitCode = await run(command, args, { env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' } });
  const counts = countTests ? countTests(exitCode) : { passed: 0, failed: exitCode === 0 ? 0 : 1 };
  summary.passed += counts.passed;
  summary.failed += counts.failed;
  stages.push({ name, ok: exitCode === 0 && counts.failed === 0, seconds: (Date.now() - started) / 1000, counts });
}

function jestCounts(exitCode) {
  const results = readJson(JEST_RESULTS);
  if (!results) return { passed: 0, failed: 1 };
  // A suite that cannot even load (syntax error, failing beforeAll import) has no failed tests but must count.
  const brokenSuites = results.numRuntimeErrorTestSuites ?? 0;
  const failed = results.numFailedTests + brokenSuites;
  return { passed: results.numPassedTests, failed: failed === 0 && exitCode !== 0 ? 1 : failed };
}

// Vitest's json reporter writes jest's summary fields; a file that cannot load counts as failed suites.
function vitestCounts(exitCode) {
  const results = readJson(VITEST_RESULTS);
  if (!results) return { passed: 0, failed: 1 };
  const brokenSuites = (results.testResults ?? []).filter(
    (file) => file.status === 'failed' && (file.assertionResults ?? []).every((test) => test.status !== 'failed'),
  ).length;
  const failed = results.numFailedTests + brokenSuites;
  return { passed: results.numPassedTests, failed: failed === 0 && exitCode !== 0 ? 1 : failed };
}

function playwrightCounts(exitCode) {
  const results = readJson(PLAYWRIGHT_RESULTS);
  if (!results?.stats) return { passed: 0, failed: 1 };
  const { expected = 0, unexpected = 0, flaky = 0 } = results.stats;
  // Errors outside tests (global setup, config) leave every test unrun: count them as one failure.
  const outsideErrors = (results.errors ?? []).length > 0 ? 1 : 0;
  const failed = unexpected + (unexpected === 0 ? outsideErrors : 0);
  return { passed: expected + flaky, failed: failed === 0 && exitCode !== 0 ? 1 : failed };
}

mkdirSync(RESULTS_DIR, { recursive: true });
rmSync(JEST_RESULTS, { force: true });
rmSync(VITEST_RESULTS, { force: true });
rmSync(PLAYWRIGHT_RESULTS, { force: true });

await stage('lint', 'npm', ['run', 'lint']);
await stage('build', 'npm', ['run', 'build']);
await stage('type check (specs)', 'npx', ['tsc', '-p', 'tsconfig.spec.json']);
await stage('jest (unit + integration)', 'npx', ['jest', '--json', `--outputFile=${JEST_RESULTS}`], jestCounts);
await stage(
  'web unit (Vitest)',
  'npm',
  ['run', 'test', '-w', 'web', '--', '--reporter=default', '--reporter=json', `--outputFile=${VITEST_RESULTS}`],
  vitestCounts,
);
if (!existsSync('/usr/bin/chromium')) console.warn('Chromium is not at /usr/bin/chromium: the e2e stage will fail.');
await stage('e2e (Playwright)', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], playwrightCounts);

console.log('\n=== summary');
for (const { name, ok, seconds, counts } of stages) {
  const detail = counts.passed || counts.failed ? ` (${counts.passed} passed, ${counts.failed} failed)` : '';
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail} in ${seconds.toFixed(0)} s`);
}
console.log(`${summary.passed} passed, ${summary.failed} failed`);
process.exit(summary.failed > 0 || stages.some((s) => !s.ok) ? 1 : 0);
