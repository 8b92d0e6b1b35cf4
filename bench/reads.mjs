// Signed-in reads (issue 16, benchmark c): each route of the api against bare node:http answering the exact bytes
// the api answered there, at the same concurrency. The raw side is the ceiling of any server on this machine; the
// ratio ours/raw of requests per second is what the targets read.
import { Buffer } from 'node:buffer';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { httpLoad } from './lib/load.mjs';
import { freePort, LOG_DIR, startNode, stopChild, waitForHttpOk } from './lib/processes.mjs';
import { row } from './lib/report.mjs';

/** Throughput targets, as a share of bare node:http on the same machine (the issue's). */
export const READ_TARGETS = { middleware: 0.25, caseDetails: 0.1, companyList: 0.1 };

/** The member's company's case with the most to show: answers and notes, most recently updated first. */
async function richCaseToken(databaseUrl, companyId) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select c.token from cases c
        where c.submitter_company_id = $1 and c.deleted_at is null and c.is_sample = false
        order by (select count(*) from case_responses r where r.case_id = c.id)
          + (select count(*) from case_notes n where n.case_id = c.id) desc, c.updated_at desc
        limit 1`,
      [companyId],
    );
    if (rows.length === 0) throw new Error(`company ${companyId} has no case to read`);
    return rows[0].token;
  } finally {
    await client.end();
  }
}

/** The routes of benchmark (c); `framework` alone runs the first (GET auth/middleware, no database work). */
export async function readRoutes({ databaseUrl, member, superAdmin, frameworkOnly = false }) {
  const routes = [
    {
      key: 'middleware',
      label: 'GET auth/middleware (signed in, session cache, no database) vs node:http, same bytes',
      path: '/api/auth/middleware',
      token: member.token,
      target: READ_TARGETS.middleware,
    },
  ];
  if (frameworkOnly) return routes;
  const caseToken = await richCaseToken(databaseUrl, member.actor.companyId);
  routes.push(
    {
      key: 'caseDetails',
      label: 'GET caller/case-details/{token} vs node:http, same bytes',
      path: `/api/caller/case-details/${caseToken}`,
      token: member.token,
      target: READ_TARGETS.caseDetails,
    },
    {
      key: 'companyList',
      label: 'GET caller/get-cases/company vs node:http, same bytes',
      path: '/api/caller/get-cases/company',
      token: member.token,
      target: READ_TARGETS.companyList,
    },
    {
      key: 'escalation',
      label: 'GET super_admin/escalation/queue/open vs node:http, same bytes',
      path: '/api/super_admin/escalation/queue/open',
      token: superAdmin.token,
      target: null,
    },
  );
  return routes;
}

/** Rows for the results table, and notes (body sizes). */
export async function runReadsBench({ apiUrl, databaseUrl, member, superAdmin, settings, frameworkOnly = false }) {
  const routes = await readRoutes({ databaseUrl, member, superAdmin, frameworkOnly });
  const bodies = {};
  for (const route of routes) {
    const response = await fetch(`${apiUrl}${route.path}`, { headers: { authorization: `Bearer ${route.token}` } });
    const text = await response.text();
    if (!response.ok) throw new Error(`${route.path} answered ${response.status}: ${text}`);
    bodies[route.path] = text;
  }
  mkdirSync(LOG_DIR, { recursive: true });
  const bodiesFile = path.join(LOG_DIR, 'raw-read-bodies.json');
  writeFileSync(bodiesFile, JSON.stringify(bodies));

  const port = await freePort();
  const raw = startNode('raw-http', ['bench/raw-http-server.mjs'], {
    ...process.env,
    PORT: String(port),
    RAW_BODIES_FILE: bodiesFile,
  });
  const rows = [];
  const notes = [];
  try {
    await waitForHttpOk(`http://127.0.0.1:${port}/`, raw, 10_000);
    const load = { connections: settings.connections, durationSeconds: settings.durationSeconds };
    for (const route of routes) {
      const headers = { authorization: `Bearer ${route.token}` };
      const ours = await httpLoad({ url: `${apiUrl}${route.path}`, headers, ...load });
      const bare = await httpLoad({ url: `http://127.0.0.1:${port}${route.path}`, headers, ...load });
      settings.log(
        `reads: ${route.path.slice(0, 60)}: ours ${ours.rps.toFixed(0)}/s p99 ${ours.p99.toFixed(1)} ms, ` +
          `raw ${bare.rps.toFixed(0)}/s p99 ${bare.p99.toFixed(1)} ms`,
      );
      const errors = ours.errors || bare.errors ? ` (errors: ours ${ours.errors}, raw ${bare.errors})` : '';
      rows.push(
        row(`${route.label}${errors}`, 'p50 ms', ours.p50, bare.p50, null),
        row(route.label, 'p99 ms', ours.p99, bare.p99, null),
        row(route.label, 'throughput /s', ours.rps, bare.rps, route.target === null ? null : { min: route.target }),
      );
      notes.push(`${route.path.replace(/[0-9a-f]{32,}/, '{token}')}: ${Buffer.byteLength(bodies[route.path])} bytes`);
    }
  } finally {
    await stopChild(raw);
  }
  return {
    rows,
    notes: [
      `Reads (c): ${settings.connections} connections, ${settings.durationSeconds} s per side; the raw server ` +
        `answers each path the api's own bytes (${notes.join('; ')}).`,
    ],
  };
}
