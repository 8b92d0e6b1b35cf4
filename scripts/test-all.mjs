// `npm test`: every check of the project, continuing after a failing stage.
// The static checks (lint, format, build, type check) and the web unit tests need no services and no build of each
// other: they run side by side, each one's output printed whole when it ends. Then jest, then Playwright (which
// needs the build). Ends with each stage's seconds, the tests a retry passed (flaky), and one line
// "N passed, N failed" (jest, Vitest and Playwright tests; a failed lint, format, build or type check counts as 1).
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, run } from './lib/processes.mjs';

const RESULTS_DIR = path.join(REPO_ROOT, 'var', 'test-results');
const JEST_RESULTS = path.join(RESULTS_DIR, 'jest.json');
const VITEST_RESULTS = path.join(RESULTS_DIR, 'vitest.json');
const PLAYWRIGHT_RESULTS = path.join(REPO_ROOT, 'e2e', 'test-results', 'results.json');

const summary = { passed: 0, failed: 0 };
const stages = [];
/** Tests that failed once and passed on their retry: listed, so a retry cannot hide them. */
const flaky = [];
/** Tests whose final result is a failure, with the first line of their message: the summary names them. */
const failures = [];
const env = { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' };

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

function record(name, exitCode, seconds, countTests, group) {
  const counts = countTests ? countTests(exitCode) : { passed: 0, failed: exitCode === 0 ? 0 : 1 };
  summary.passed += counts.passed;
  summary.failed += counts.failed;
  stages.push({ name, ok: exitCode === 0 && counts.failed === 0, seconds, counts, group });
}

async function stage(name, command, args, countTests) {
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}\n`);
  const started = Date.now();
  const exitCode = await run(command, args, { env });
  record(name, exitCode, (Date.now() - started) / 1000, countTests);
}

/** Runs a command with its output kept, printed in one piece when it ends (side by side with others). */
function runQuietly(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => resolve({ exitCode: 1, output: `Could not start ${command}: ${error.message}\n` }));
    child.on('close', (code, signal) =>
      resolve({ exitCode: code ?? (signal ? 1 : 0), output: Buffer.concat(output).toString() }),
    );
  });
}

/** Stages that share nothing, run at once; the group's time is the wall time until the last one ends. */
async function parallelStages(group, members) {
  console.log(`\n=== ${group}: ${members.map((member) => member.name).join(', ')}, side by side`);
  const started = Date.now();
  await Promise.all(
    members.map(async ({ name, command, args, countTests }) => {
      const memberStarted = Date.now();
      const { exitCode, output } = await runQuietly(command, args);
      const seconds = (Date.now() - memberStarted) / 1000;
      console.log(`\n=== ${name}: ${command} ${args.join(' ')} (${seconds.toFixed(0)} s)\n`);
      process.stdout.write(output);
      record(name, exitCode, seconds, countTests, group);
    }),
  );
  stages.push({ name: group, seconds: (Date.now() - started) / 1000, isGroup: true });
}

/** A stage that exits non-zero fails even when its report counts no failed test (it crashed, or could not report). */
function atLeastOneIfExitFailed(failed, exitCode) {
  return failed === 0 && exitCode !== 0 ? 1 : failed;
}

function jestCounts(exitCode) {
  const results = readJson(JEST_RESULTS);
  if (!results) return { passed: 0, failed: 1 };
  // A suite that cannot even load (syntax error, failing beforeAll import) has no failed tests but must count.
  const brokenSuites = results.numRuntimeErrorTestSuites ?? 0;
  const failed = results.numFailedTests + brokenSuites;
  failures.push(...failedJestTests(results));
  return { passed: results.numPassedTests, failed: atLeastOneIfExitFailed(failed, exitCode) };
}

/** The first meaningful line of a failure message, without colour codes. */
function firstLine(message = '') {
  // eslint-disable-next-line no-control-regex
  const plain = message.replace(/\u001b\[[0-9;]*m/g, '');
  return (plain.split('\n').find((text) => text.trim()) ?? '').trim().slice(0, 200);
}

/** "file › title: message" of every failed jest test, and of every suite that failed outside its tests. */
function failedJestTests(results) {
  const found = [];
  for (const file of results.testResults ?? []) {
    const name = path.relative(REPO_ROOT, file.name);
    const failedTests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failedTests) found.push(`${name} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    if (file.status === 'failed' && failedTests.length === 0) found.push(`${name}: ${firstLine(file.message)}`);
  }
  return found;
}

// Vitest's json reporter writes jest's summary fields; a file that cannot load counts as failed suites.
function vitestCounts(exitCode) {
  const results = readJson(VITEST_RESULTS);
  if (!results) return { passed: 0, failed: 1 };
  const brokenSuites = (results.testResults ?? []).filter(
    (file) => file.status === 'failed' && (file.assertionResults ?? []).every((test) => test.status !== 'failed'),
  ).length;
  const failed = results.numFailedTests + brokenSuites;
  return { passed: results.numPassedTests, failed: atLeastOneIfExitFailed(failed, exitCode) };
}

/** "file › title" of every Playwright test whose final result is flaky (failed, then passed on a retry). */
function flakyPlaywrightTests(results) {
  const found = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) if (test.status === 'flaky') found.push(`${spec.file} › ${spec.title}`);
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of results.suites ?? []) walk(suite);
  return found;
}

/** "file › title: message" of every Playwright test whose final result is a failure. */
function failedPlaywrightTests(results) {
  const found = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const error = test.results?.at(-1)?.error?.message;
        found.push(`${spec.file} › ${spec.title}: ${firstLine(error)}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of results.suites ?? []) walk(suite);
  return found;
}

function playwrightCounts(exitCode) {
  const results = readJson(PLAYWRIGHT_RESULTS);
  if (!results?.stats) return { passed: 0, failed: 1 };
  const { expected = 0, unexpected = 0, flaky: retried = 0 } = results.stats;
  flaky.push(...flakyPlaywrightTests(results));
  failures.push(...failedPlaywrightTests(results));
  // Errors outside tests (global setup, config) leave every test unrun: count them as one failure.
  const outsideErrors = (results.errors ?? []).length > 0 ? 1 : 0;
  const failed = unexpected + (unexpected === 0 ? outsideErrors : 0);
  return { passed: expected + retried, failed: atLeastOneIfExitFailed(failed, exitCode) };
}

mkdirSync(RESULTS_DIR, { recursive: true });
rmSync(JEST_RESULTS, { force: true });
rmSync(VITEST_RESULTS, { force: true });
rmSync(PLAYWRIGHT_RESULTS, { force: true });

const runStarted = Date.now();
await parallelStages('static checks and web unit tests', [
  { name: 'lint (eslint)', command: 'npx', args: ['eslint', '.'] },
  { name: 'lint rules (node --test)', command: 'node', args: ['--test', 'scripts/lint/'] },
  { name: 'format (prettier)', command: 'npx', args: ['prettier', '--check', '.'] },
  { name: 'build', command: 'npm', args: ['run', 'build'] },
  { name: 'type check (specs)', command: 'npx', args: ['tsc', '-p', 'tsconfig.spec.json'] },
  {
    name: 'web unit (Vitest)',
    command: 'npm',
    args: ['run', 'test', '-w', 'web', '--', '--reporter=default', '--reporter=json', `--outputFile=${VITEST_RESULTS}`],
    countTests: vitestCounts,
  },
]);
await stage('jest (unit + integration)', 'npx', ['jest', '--json', `--outputFile=${JEST_RESULTS}`], jestCounts);
if (!existsSync('/usr/bin/chromium')) console.warn('Chromium is not at /usr/bin/chromium: the e2e stage will fail.');
await stage('e2e (Playwright)', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], playwrightCounts);

console.log('\n=== summary');
const line = ({ name, ok, seconds, counts }, indent = '') => {
  const detail = counts.passed || counts.failed ? ` (${counts.passed} passed, ${counts.failed} failed)` : '';
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${indent}${name}${detail} in ${seconds.toFixed(0)} s`);
};
for (const entry of stages) {
  if (entry.group) continue;
  if (!entry.isGroup) {
    line(entry);
    continue;
  }
  const members = stages.filter((member) => member.group === entry.name);
  const ok = members.every((member) => member.ok);
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${entry.name} in ${entry.seconds.toFixed(0)} s, side by side:`);
  for (const member of members) line(member, '    ');
}
console.log(`${flaky.length} flaky (failed, then passed on the retry)${flaky.length ? ':' : ''}`);
for (const title of flaky) console.log(`     ${title}`);
if (failures.length) console.log(`failed tests:`);
for (const title of failures) console.log(`     ${title}`);
console.log(`total ${((Date.now() - runStarted) / 1000).toFixed(0)} s`);
console.log(`${summary.passed} passed, ${summary.failed} failed`);
process.exit(summary.failed > 0 || stages.some((entry) => entry.ok === false) ? 1 : 0);
