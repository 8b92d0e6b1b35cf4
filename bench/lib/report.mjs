// The results table (markdown): each figure, its raw counterpart, the ratio ours/raw and the target's verdict.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import os from 'node:os';

const format = (value, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');

/** p50 (informative), p99 (ratio at most p99Max) and throughput (ratio at least rpsMin) of one comparison. */
export function comparisonRows(benchmark, ours, raw, { p99Max, rpsMin }) {
  const errors = ours.errors || raw.errors ? ` (errors: ours ${ours.errors}, raw ${raw.errors})` : '';
  return [
    row(`${benchmark}${errors}`, 'p50 ms', ours.p50, raw.p50, null),
    row(benchmark, 'p99 ms', ours.p99, raw.p99, p99Max === undefined ? null : { max: p99Max }),
    row(benchmark, 'throughput /s', ours.rps, raw.rps, rpsMin === undefined ? null : { min: rpsMin }),
  ];
}

/** One figure: ratio ours/raw against { max } or { min }, or no target (informative). */
export function row(benchmark, figure, ours, raw, target) {
  const ratio = Number.isFinite(ours) && Number.isFinite(raw) && raw !== 0 ? ours / raw : NaN;
  let targetText = '-';
  let verdict = '-';
  if (target?.max !== undefined) {
    targetText = `≤ ${target.max}x`;
    verdict = Number.isFinite(ratio) ? (ratio <= target.max ? 'pass' : 'miss') : 'n/a';
  } else if (target?.min !== undefined) {
    targetText = `≥ ${target.min}x`;
    verdict = Number.isFinite(ratio) ? (ratio >= target.min ? 'pass' : 'miss') : 'n/a';
  }
  return {
    benchmark,
    figure,
    ours: format(ours),
    raw: format(raw),
    ratio: format(ratio, 2),
    target: targetText,
    verdict,
  };
}

/** A figure without a raw counterpart (bundle size) or a benchmark not built yet. */
export function noteRow(benchmark, figure, value, target = '-', verdict = '-') {
  return { benchmark, figure, ours: value, raw: '-', ratio: '-', target, verdict };
}

export function markdownTable(rows) {
  const header = ['benchmark', 'figure', 'ours', 'raw', 'ratio', 'target', 'verdict'];
  const lines = [`| ${header.join(' | ')} |`, `| ${header.map(() => '---').join(' | ')} |`];
  for (const item of rows) lines.push(`| ${header.map((key) => String(item[key]).replace(/\|/g, '/')).join(' | ')} |`);
  return lines.join('\n');
}

function commandOutput(command, args) {
  try {
    return execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'unknown';
  }
}

/** Cores, memory, versions and the load when the run started, for RESULTS.md. */
export function machineDescription({ postgresVersion, redisVersion }) {
  const cpus = os.cpus();
  return {
    cpu: `${cpus.length} × ${cpus[0]?.model ?? 'unknown CPU'}`,
    memory: `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB`,
    os: `${os.type()} ${os.release()} (${commandOutput('uname', ['-m'])})`,
    node: process.version,
    postgres: postgresVersion,
    redis: redisVersion,
    loadAverage: os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(', '),
  };
}

export function writeResults(file, { rows, machine, settings, notes, date }) {
  const text = [
    '# Benchmark results',
    '',
    `Run on ${date} with \`npm run bench${settings.args ? ` -- ${settings.args}` : ''}\`.`,
    '',
    '## Machine',
    '',
    `- CPU: ${machine.cpu}`,
    `- Memory: ${machine.memory}`,
    `- OS: ${machine.os}`,
    `- Node.js: ${machine.node}`,
    `- PostgreSQL: ${machine.postgres}`,
    `- Redis: ${machine.redis}`,
    `- Load average when the run started (1, 5, 15 min): ${machine.loadAverage}`,
    '',
    '## Settings',
    '',
    ...settings.lines.map((line) => `- ${line}`),
    '',
    '## Results',
    '',
    markdownTable(rows),
    '',
    '## Notes',
    '',
    ...notes.map((line) => `- ${line}`),
    '',
  ].join('\n');
  writeFileSync(file, text);
}
