import { allEndpoints, endpointPath, LIMITS, type Endpoint } from '@casebridge/contracts';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Response } from 'supertest';
import { serverPath } from '../common/contract-route';
import { bearer, startApi, type ApiHarness } from '../../../../test/kit/api-harness';
import {
  aCase,
  aCompany,
  aDepartment,
  aGroup,
  aManagerRequest,
  anOnboardingSession,
  aProcess,
  aSuperAdmin,
  aUser,
  FACTORY_PASSWORD,
  uniqueName,
} from '../../../../test/kit/factories';
import { generateIdpKeys } from '../../../test/saml-idp';
import {
  bodyLevelVariants,
  fieldsOf,
  HOSTILE_JSON_VALUES,
  hostileQueryFragments,
  RawJson,
  sampleOf,
} from './fuzz-inputs';

/**
 * Bad-input fuzz driven by the contracts: every endpoint with a body or a query gets a fixed set of hostile
 * variants (one field at a time, over a plausible sample of the rest) as the most privileged actor allowed to call
 * it, on real path parameters. Every answer must be below 500, and a 4xx must carry the api's error shape.
 */

/** Endpoints that end the caller's own session or account: run last, on an account no other call needs. */
const SELF_ENDING = new Set(['POST auth/logout', 'POST users/delete']);
const PARALLEL = 12;

interface Attempt {
  label: string;
  send: (token: string | null) => Promise<Response>;
}

interface Finding {
  endpoint: string;
  variant: string;
  status: number;
  body: string;
}

describe('bad-input fuzz of every body and query (real PostgreSQL and Redis)', () => {
  let api: ApiHarness;
  let params: Record<string, string>;
  // The most privileged actor of each kind (e-mail addresses of the world's users), and the self-ending one.
  let actors: Record<Endpoint['access'], string | null>;
  let selfEndingActor: string;
  const tokens = new Map<string, string>();

  // Boots the api and builds a world of many rows: more than a test's work, so the hook has a bound of its own.
  beforeAll(async () => {
    // A high login limit keeps the login form fuzz from locking the accounts the other calls sign in with.
    api = await startApi({ LOGIN_RATE_LIMIT: '100000' });
    const world = await fuzzWorld(api);
    ({ params, actors, selfEndingActor } = world);
  }, 120_000);
  afterAll(() => api?.close());

  /** A valid token of the actor, signing in again if a fuzzed call ended the previous session. */
  async function tokenOf(email: string | null): Promise<string | null> {
    if (!email) return null;
    const known = tokens.get(email);
    if (known && (await api.http().get('/api/auth/me').set(bearer(known))).status === 200) return known;
    const fresh = await api.login(email, FACTORY_PASSWORD).catch(() => null);
    if (fresh) tokens.set(email, fresh);
    return fresh ?? known ?? null;
  }

  function pathOf(endpoint: Endpoint): string {
    const names = [...endpoint.path.matchAll(/:([A-Za-z_]+)/g)].map(([, name]) => name);
    const values = Object.fromEntries(names.map((name) => [name, paramFor(endpoint.path, name, params)]));
    return endpointPath(serverPath(endpoint), values);
  }

  function attemptsFor(endpoint: Endpoint): Attempt[] {
    const path = pathOf(endpoint);
    const verb = endpoint.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
    const withAuth = (token: string | null, call: ReturnType<ReturnType<ApiHarness['http']>['get']>) =>
      token ? call.set(bearer(token)) : call;
    const attempts: Attempt[] = [];
    if (endpoint.body) {
      const fields = fieldsOf(endpoint.body);
      const sample = Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, sampleOf(field, name)]));
      const send = (body: unknown) => (token: string | null) => {
        if (body instanceof RawJson) {
          const call = withAuth(token, api.http()[verb](path));
          if (endpoint.multipart) return call.field('raw', body.text);
          return call.set('Content-Type', 'application/json').send(body.text);
        }
        if (!endpoint.multipart) return withAuth(token, api.http()[verb](path)).send(body as object);
        // Multipart forms carry text fields only: strings and repeated fields are what a hostile form can send.
        const call = withAuth(token, api.http()[verb](path));
        for (const [name, value] of Object.entries((body ?? {}) as Record<string, unknown>)) {
          for (const item of Array.isArray(value) ? value : [value]) call.field(name, formText(item));
        }
        return call;
      };
      attempts.push({ label: 'sample', send: send(sample) });
      for (const [label, body] of bodyLevelVariants(sample)) attempts.push({ label, send: send(body) });
      for (const name of Object.keys(fields)) {
        for (const [label, value] of HOSTILE_JSON_VALUES) {
          attempts.push({ label: `${name}: ${label}`, send: send({ ...sample, [name]: value }) });
        }
      }
    }
    if (endpoint.query) {
      const fields = fieldsOf(endpoint.query);
      const sample = Object.entries(fields).map(([name, field]) => [name, formText(sampleOf(field, name))] as const);
      const query = (replaced: string | null, fragment: string) =>
        [
          ...sample
            .filter(([name]) => name !== replaced)
            .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`),
          fragment,
        ]
          .filter(Boolean)
          .join('&');
      const send = (queryString: string) => (token: string | null) =>
        withAuth(token, api.http()[verb](`${path}?${queryString}`));
      attempts.push({ label: 'sample', send: send(query(null, '')) });
      attempts.push({ label: 'unknown parameters', send: send(query(null, 'unknown=1&__proto__[x]=1')) });
      for (const name of Object.keys(fields)) {
        for (const [label, fragment] of hostileQueryFragments(name)) {
          attempts.push({ label: `${name}: ${label}`, send: send(query(name, fragment)) });
        }
      }
    }
    return attempts;
  }

  it('never answers 500; 4xx answers carry message/errors or error; page sizes are capped', async () => {
    const targets = allEndpoints().filter((endpoint) => endpoint.body || endpoint.query);
    const ordered = [
      ...targets.filter((endpoint) => !SELF_ENDING.has(key(endpoint))),
      ...targets.filter((endpoint) => SELF_ENDING.has(key(endpoint))),
    ];
    const findings: Finding[] = [];
    const badShapes: Finding[] = [];
    const overPages: Finding[] = [];
    const sent: Record<string, number> = {};

    for (const endpoint of ordered) {
      const selfEnding = SELF_ENDING.has(key(endpoint));
      const actor = selfEnding ? selfEndingActor : actors[endpoint.access];
      const token = await tokenOf(actor);
      await inBatches(attemptsFor(endpoint), selfEnding ? 1 : PARALLEL, async (attempt) => {
        const response = await attempt.send(selfEnding ? await tokenOf(actor) : token);
        sent[key(endpoint)] = (sent[key(endpoint)] ?? 0) + 1;
        const finding = {
          endpoint: key(endpoint),
          variant: attempt.label,
          status: response.status,
          body: String(response.text ?? '').slice(0, 300),
        };
        if (response.status >= 500) findings.push(finding);
        else if (response.status >= 400 && !hasErrorShape(response.body)) badShapes.push(finding);
        else if (response.status === 200 && /^(limit|per_page|page_size): oversized page$/.test(attempt.label)) {
          if (pageSize(response.body) > LIMITS.maxPageSize) overPages.push(finding);
        }
      });
    }

    console.table(Object.entries(sent).map(([endpoint, requests]) => ({ endpoint, requests })));
    const total = Object.values(sent).reduce((sum, count) => sum + count, 0);
    console.log(`bad-input fuzz: ${total} requests to ${ordered.length} endpoints`);
    if (findings.length)
      console.log(
        JSON.stringify(
          findings.map((f) => `${f.endpoint} | ${f.variant}`),
          null,
          1,
        ),
      );
    expect(findings).toEqual([]);
    expect(badShapes).toEqual([]);
    expect(overPages).toEqual([]);
    expect(Object.keys(sent)).toHaveLength(ordered.length);
  }, 300_000);

  it.each([
    ['caller/get-cases/company', '/api/caller/get-cases/company?limit=1000000'],
    ['caller/my-cases', '/api/caller/my-cases?limit=1000000'],
    ['super_admin/escalation/queue/all-10', '/api/super_admin/escalation/queue/all-10?limit=1000000'],
    ['super_admin/search/user', '/api/super_admin/search/user?limit=1000000'],
  ])('%s asked for 1,000,000 rows answers at most LIMITS.maxPageSize', async (_name, url) => {
    const actor = url.includes('super_admin') ? actors.super_admin : actors.user;
    const response = await api
      .http()
      .get(url)
      .set(bearer((await tokenOf(actor))!));
    expect(response.status).toBeLessThan(500);
    if (response.status === 200) {
      expect(pageSize(response.body)).toBeLessThanOrEqual(LIMITS.maxPageSize);
    } else {
      expect(response.status).toBe(422);
    }
  });
});

function key(endpoint: Endpoint): string {
  return `${endpoint.method} ${endpoint.path}`;
}

function formText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value as string | number | boolean);
}

function hasErrorShape(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const answer = body as { message?: unknown; errors?: unknown; error?: unknown; type?: unknown; status?: unknown };
  if (typeof answer.error === 'string' && answer.error.length > 0) return true;
  // The integration API's problem details: a 422 lists its field errors.
  if (typeof answer.type === 'string' && typeof answer.status === 'number') {
    return answer.status !== 422 || (Array.isArray(answer.errors) && answer.errors.length > 0);
  }
  return typeof answer.message === 'string' && typeof answer.errors === 'object' && answer.errors !== null;
}

/** The rows of a page: `per_page` when the answer states it, else the length of its list. */
function pageSize(body: unknown): number {
  const answer = body as { per_page?: number; data?: unknown[] } | unknown[];
  if (Array.isArray(answer)) return answer.length;
  if (typeof answer?.per_page === 'number') return Math.max(answer.per_page, answer.data?.length ?? 0);
  return Array.isArray(answer?.data) ? answer.data.length : 0;
}

async function inBatches<T>(items: T[], size: number, run: (item: T) => Promise<void>): Promise<void> {
  for (let start = 0; start < items.length; start += size) {
    await Promise.all(items.slice(start, start + size).map(run));
  }
}

/**
 * The rows the calls reach, made here so each call reaches its service rather than a 404: our company (its
 * business manager is the member and company-admin actor), a partner with a process, a department and a manager
 * escalation process, a case and an escalation request between the two, a priced partner group with a vhost and an
 * application to it, a configured single sign-on company, and a third company the back office changes.
 */
async function fuzzWorld(api: ApiHarness) {
  const ours = await aCompany(api);
  const partner = await aCompany(api);
  const [admin, selfEnding, ourMember] = await Promise.all([
    aUser(api, { company: ours, role: 'business_manager' }),
    aUser(api, { company: ours, role: 'program_manager' }),
    aUser(api, { company: ours, role: 'caller' }),
  ]);
  const partnerMember = await aUser(api, { company: partner, role: 'caller' });
  const superAdmin = await aSuperAdmin(api);
  const partnerDepartment = await aDepartment(api, partner);
  const partnerProcess = await aProcess(api, { company: partner, departments: [partnerDepartment] });
  const managerProcess = await aProcess(api, { company: partner, type: 'manager' });
  const ourProcess = await aProcess(api, { company: ours });
  const kase = await aCase(api, { from: ourMember, to: partnerProcess });
  const managerRequest = await aManagerRequest(api, { from: ourMember, to: managerProcess });
  const group = await aGroup(api, {
    sponsor: partner,
    members: [{ company: partner, process: partnerProcess }, { company: ours }],
    processes: [partnerProcess],
    overrides: {
      document: partnerProcess.id,
      vhost: uniqueName('program'),
      hostEmail: partnerMember.email,
      price: 1200,
      priceThreeYears: 3240,
    },
  });
  const application = await anOnboardingSession(api, { group });
  const sso = await aCompany(api, {
    loginMethod: 'sso',
    ssoIdentitySource: 'url',
    ssoIdpEntityUrl: 'https://idp.fuzz.test/metadata',
    ssoIdpFederationUrl: 'https://idp.fuzz.test/saml/sso',
    ssoIdpCertificate: generateIdpKeys().cert,
  });
  const changedByBackOffice = await aCompany(api, { membershipType: 'limited' });
  const db = api.app.get(EntityManager).fork().getConnection();
  // The e-mail templates are the product's catalogue, not demo rows.
  const [template] = await db.execute<{ id: number }[]>('select id from email_templates order by id limit 1');
  return {
    actors: { public: null, user: admin.email, company_admin: admin.email, super_admin: superAdmin.email },
    selfEndingActor: selfEnding.email,
    params: {
      ourSlug: ours.slug,
      ssoSlug: sso.slug,
      ourCompany: String(ours.id),
      partnerCompany: String(partner.id),
      backOfficeCompany: String(changedByBackOffice.id),
      ourCaseToken: kase.token,
      managerToken: managerRequest.token,
      partnerDocument: String(partnerProcess.id),
      ourDocument: String(ourProcess.id),
      ourGroup: String(group.id),
      anyGroup: String(group.id),
      vhost: group.vhost!,
      partnerDepartment: String(partnerDepartment.id),
      emailTemplate: String(template.id),
      onboarding: String(application.id),
      ourMember: String(ourMember.id),
      partnerMember: String(partnerMember.id),
    },
  };
}

/**
 * The value of one path parameter. Targets are chosen so that a fuzzed call cannot lock out the actors:
 * company-admin calls change our caller, super-admin calls change the back office's company or the partner's caller.
 */
function paramFor(path: string, name: string, ids: Record<string, string>): string {
  if (name === 'token') {
    if (path.startsWith('caller/case/') || path.startsWith('v1/collaboration-requests/')) return ids.ourCaseToken;
    if (path.startsWith('manager/request/response/')) return ids.managerToken;
    return 'not-a-real-token';
  }
  if (name === 'action') return 'approve';
  if (name === 'slug') return path.startsWith('/saml2') ? ids.ssoSlug : ids.ourSlug;
  if (name === 'scope') return 'company';
  if (name === 'days') return '30';
  if (name === 'filter') return 'all-10';
  if (name === 'vhost') return ids.vhost;
  if (name === 'groupId') return ids.ourGroup;
  if (name === 'departmentId') return ids.partnerDepartment;
  if (name === 'documentId') return path.startsWith('admin/company/') ? ids.ourDocument : ids.partnerDocument;
  if (name === 'companyId') return path.startsWith('onboarding/') ? ids.ourCompany : ids.partnerCompany;
  if (name === 'user_id') return ids.partnerMember;
  if (name === 'id') {
    if (path.startsWith('admin/company/users/')) return ids.ourMember;
    if (path.startsWith('super_admin/users/')) return ids.partnerMember;
    if (path.startsWith('super_admin/companies/')) return ids.backOfficeCompany;
    if (path.startsWith('super_admin/groups/')) return ids.anyGroup;
    if (path.startsWith('super_admin/email_templates/')) return ids.emailTemplate;
    if (path.startsWith('super_admin/onboarding/')) return ids.onboarding;
    // The fuzz world has no webhook: a body is validated before the endpoint is looked up.
    if (/^(v1\/)?webhooks\//.test(path)) return '987654';
    // Nor an export: an export link's query (its expiry and signature) is checked before the export is looked up.
    if (path.startsWith('exports/')) return '987654';
  }
  if (name === 'deliveryId') return '987654';
  throw new Error(`fuzz: no real value for :${name} in ${path}; add one to paramFor`);
}
