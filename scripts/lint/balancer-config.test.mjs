// The balancer's configuration: the file docker compose mounts is the one the scripts write, and HAProxy (when
// installed here) accepts both.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { composeHaproxyConfig, haproxyConfig, haproxyVersion, READY_PATH } from '../lib/balancer.mjs';
import { REPO_ROOT } from '../lib/processes.mjs';

const COMPOSE_FILE = path.join(REPO_ROOT, 'deploy', 'haproxy.compose.cfg');
const HEADER = '# Written by scripts/lib/balancer.mjs (composeHaproxyConfig); change it there.\n';

test('deploy/haproxy.compose.cfg is what composeHaproxyConfig writes', () => {
  assert.equal(readFileSync(COMPOSE_FILE, 'utf8'), HEADER + composeHaproxyConfig());
});

test('the local configuration checks readiness, retries only what is safe, and lists every instance', () => {
  const config = haproxyConfig({ bind: '127.0.0.1:3000', servers: ['127.0.0.1:3001', '127.0.0.1:3002'] });
  assert.match(config, new RegExp(`option httpchk GET ${READY_PATH}`));
  assert.match(config, /http-request disable-l7-retry if METH_POST !\{ req\.hdr\(idempotency-key\) -m found \}/);
  assert.match(config, /server api1 127\.0\.0\.1:3001 check\n {2}server api2 127\.0\.0\.1:3002 check/);
  assert.doesNotMatch(config, /cookie|stick/);
});

test('sockets have a backend of their own, and a busy instance is not taken for a dead one', () => {
  const config = haproxyConfig({ bind: '127.0.0.1:3000', servers: ['127.0.0.1:3001'] });
  const backend = (name) => config.split('\nbackend ').find((part) => part.startsWith(`${name}\n`)) ?? '';
  assert.match(config, /use_backend sockets if \{ path_beg \/socket\.io\/ \}/);
  const contract = readFileSync(path.join(REPO_ROOT, 'libs/contracts/src/realtime-events.ts'), 'utf8');
  assert.match(contract, /export const SOCKET_PATH = '\/socket\.io';/, "the app's Socket.IO path");
  // Requests avoid the instance with the most in flight; a wave of reconnecting sockets splits evenly.
  assert.match(backend('api'), /balance leastconn/);
  assert.match(backend('sockets'), /balance roundrobin/);
  for (const name of ['api', 'sockets']) {
    assert.match(backend(name), /server api1 127\.0\.0\.1:3001 check/);
    assert.match(backend(name), /timeout check 10s/);
  }
});

test("the balancer's own 503 carries the api's message and Retry-After", () => {
  const config = haproxyConfig({ bind: '127.0.0.1:3000', servers: ['127.0.0.1:3001'] });
  const [, message] = /string '\{"error":"([^"]+)"\}' hdr Retry-After 5/.exec(config) ?? [];
  const filter = readFileSync(path.join(REPO_ROOT, 'api/src/platform/common/all-exceptions.filter.ts'), 'utf8');
  assert.ok(message && filter.includes(`error: '${message}'`), 'same message as the api');
  assert.match(filter, /const RETRY_AFTER_SECONDS = 5;/);
});

test('HAProxy accepts both configurations', { skip: haproxyVersion() ? false : 'haproxy is not installed' }, () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'casebridge-haproxy-'));
  try {
    const local = path.join(folder, 'local.cfg');
    writeFileSync(local, haproxyConfig({ bind: '127.0.0.1:3000', servers: ['127.0.0.1:3001'] }));
    for (const file of [local, COMPOSE_FILE]) {
      const check = spawnSync('haproxy', ['-c', '-f', file], { encoding: 'utf8' });
      assert.equal(check.status, 0, `${file}: ${check.stderr}`);
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
