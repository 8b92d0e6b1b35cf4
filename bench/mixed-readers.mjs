// Many concurrent readers (issue 16, benchmark d): N clients (200 by default), each signed in as one of the members
// of the generated network's biggest companies (or the super admin), reading in a closed loop what the dashboard and
// the case pages read, in fixed proportions: requests/s, p95 and errors (any non-2xx or failed request).
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { signInToken } from './lib/api-process.mjs';
import { percentiles } from './lib/load.mjs';

/** The targets of the issue for 200 concurrent readers. */
export const MIXED_TARGETS = { p95Ms: 500, errors: 0 };

/** Weighted reads (weights sum to 100); `{case}` is one of the member's company's cases. */
const MIX = [
  { name: 'auth/middleware', weight: 20, path: () => '/api/auth/middleware' },
  { name: 'case-details', weight: 30, path: (member, pick) => `/api/caller/case-details/${pick(member.cases)}` },
  { name: 'get-cases/company', weight: 10, path: () => '/api/caller/get-cases/company' },
  { name: 'get-cases/company/30', weight: 10, path: () => '/api/caller/get-cases/company/30?not_closed=true' },
  { name: 'get-cases/mine', weight: 5, path: () => '/api/caller/get-cases/mine' },
  { name: 'my-cases', weight: 5, path: () => '/api/caller/my-cases' },
  { name: 'favorites', weight: 5, path: () => '/api/caller/favorites' },
  { name: 'company_note', weight: 4, path: () => '/api/caller/company_note', unlimitedOnly: true },
  { name: 'company_directory', weight: 2, path: () => '/api/caller/company_directory' },
  { name: 'escalation queue', weight: 9, path: () => '/api/super_admin/escalation/queue/open', superAdmin: true },
];

/** Callers of the companies with the most cases (two per company), each with up to 50 of its company's cases. */
async function readers(databaseUrl, count) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `with big as (
          select co.id, co.membership_type, count(*) as cases from companies co
          join cases c on co.id in (c.submitter_company_id, c.receiver_company_id)
          where co.slug like 'bench-%' and co.status = 'active' group by co.id order by cases desc, co.id limit $1)
        select u.email, big.membership_type,
          array(select c.token from cases c where c.submitter_company_id = big.id and c.deleted_at is null
            and c.is_sample = false order by c.updated_at desc limit 50) as cases
        from big
        join lateral (select email from users u where u.company_id = big.id and u.role = 'caller'
          and u.status = 'active' and u.approval_status = 'approved' order by u.id limit 2) u on true
        order by big.cases desc, u.email`,
      [Math.ceil(count / 2)],
    );
    return rows.filter((row) => row.cases.length > 0);
  } finally {
    await client.end();
  }
}

/** A small deterministic generator, so runs read the same mix. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

function get(agent, url, token) {
  return new Promise((resolve) => {
    const request = http.get(url, { agent, headers: { authorization: `Bearer ${token}` } }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', () => resolve(0));
    });
    request.on('error', () => resolve(0));
  });
}

/** { rows, notes } for the results table. */
export async function runMixedReadersBench({ apiUrl, databaseUrl, settings, through = '' }) {
  const members = await readers(databaseUrl, 20);
  if (members.length === 0) throw new Error('no generated member to read as: run without --reuse');
  for (const member of members) member.token = await signInToken(apiUrl, member.email);
  const superAdmin = await signInToken(apiUrl, 'admin@casebridge.test');
  const limited = (member) => !['basic', 'standard', 'premium', 'elite'].includes(member.membership_type);

  const agent = new http.Agent({ keepAlive: true, maxSockets: settings.readers });
  const latencies = [];
  const byRead = new Map(MIX.map((read) => [read.name, { latencies: [], errors: 0 }]));
  let errors = 0;
  const started = performance.now();
  const deadline = started + settings.durationSeconds * 1000;
  const reader = async (index) => {
    const next = random(index + 1);
    const pick = (list) => list[Math.floor(next() * list.length)];
    const member = members[index % members.length];
    while (performance.now() < deadline) {
      let roll = next() * 100;
      let read = MIX[0];
      for (const candidate of MIX) {
        read = candidate;
        roll -= candidate.weight;
        if (roll < 0) break;
      }
      if (read.unlimitedOnly && limited(member)) read = MIX[0];
      const token = read.superAdmin ? superAdmin : member.token;
      const before = performance.now();
      const status = await get(agent, `${apiUrl}${read.path(member, pick)}`, token);
      const took = performance.now() - before;
      const stats = byRead.get(read.name);
      latencies.push(took);
      stats.latencies.push(took);
      if (status < 200 || status >= 300) {
        errors += 1;
        stats.errors += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: settings.readers }, (_unused, index) => reader(index)));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();

  const p95 = percentileOf(latencies, 0.95);
  const rps = latencies.length / seconds;
  const label = `${settings.readers} concurrent readers, mixed reads (dashboard, case pages, lists, queue)${through}`;
  settings.log(`mixed readers: ${rps.toFixed(0)}/s, p95 ${p95.toFixed(0)} ms, ${errors} errors`);
  const perRead = [...byRead]
    .filter(([, stats]) => stats.latencies.length > 0)
    .map(([name, stats]) => {
      const { p50 } = percentiles(stats.latencies);
      return `${name} ${stats.latencies.length} (p50 ${p50.toFixed(0)} ms, p95 ${percentileOf(stats.latencies, 0.95).toFixed(0)} ms${stats.errors ? `, ${stats.errors} errors` : ''})`;
    });
  return {
    rows: [
      figureRow(label, 'requests /s', rps.toFixed(1), '-', '-'),
      figureRow(
        label,
        'p95 ms',
        p95.toFixed(1),
        `≤ ${MIXED_TARGETS.p95Ms} ms`,
        p95 <= MIXED_TARGETS.p95Ms ? 'pass' : 'miss',
      ),
      figureRow(label, 'errors', String(errors), String(MIXED_TARGETS.errors), errors === 0 ? 'pass' : 'miss'),
    ],
    notes: [
      `Mixed readers (d): ${settings.readers} closed-loop clients for ${settings.durationSeconds} s as ${members.length} ` +
        `callers of the ${Math.ceil(members.length / 2)} generated companies with the most cases and the super admin; ` +
        `requests per read: ${perRead.join('; ')}.`,
    ],
  };
}

function percentileOf(values, fraction) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
}

function figureRow(benchmark, figure, ours, target, verdict) {
  return { benchmark, figure, ours, raw: '-', ratio: '-', target, verdict };
}
