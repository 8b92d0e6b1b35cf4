// Web: the initial JavaScript of the production build, gzipped. "Initial" is what index.html loads before the
// app runs: the entry script and the chunks it preloads (its static imports); lazy pages are excluded.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { REPO_ROOT } from './lib/options.mjs';
import { noteRow } from './lib/report.mjs';

const WEB_DIST = path.join(REPO_ROOT, 'web', 'dist');

/** The build shares web/dist with the e2e runs, so it takes their lock. */
export function buildWeb() {
  execFileSync('flock', ['/tmp/casebridge-e2e.lock', 'npm', 'run', 'build:web'], { cwd: REPO_ROOT, stdio: 'ignore' });
}

export function initialScripts(html) {
  const sources = [
    ...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
  ].map((match) => match[1]);
  return [...new Set(sources)];
}

export function runWebBundleBench({ settings }) {
  if (settings.build) buildWeb();
  const html = readFileSync(path.join(WEB_DIST, 'index.html'), 'utf8');
  const files = initialScripts(html);
  let rawBytes = 0;
  let gzipBytes = 0;
  for (const file of files) {
    const content = readFileSync(path.join(WEB_DIST, file.replace(/^\//, '')));
    rawBytes += content.length;
    gzipBytes += gzipSync(content, { level: 9 }).length;
  }
  const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
  settings.log(`web: initial JS ${kib(gzipBytes)} gzip (${kib(rawBytes)} raw) in ${files.length} files`);
  return [noteRow(`web initial JS (${files.length} files: entry + modulepreloads)`, 'gzip size', kib(gzipBytes))];
}
