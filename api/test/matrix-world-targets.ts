import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { User } from '@casebridge/db';
import { type ServerConfig } from '@casebridge/server-core';
import { SERVER_CONFIG } from '../src/platform/config/config.module';
import { bearer, DEMO_PASSWORD, type ApiHarness } from '../../test/kit/api-harness';
import { allFields, countryId, globexCollaborationAnswers } from './collaboration-form';
import { createSeedLikeUser, documentsOf, orm } from '../../test/kit/member-fixtures';
import { managerRequestBody } from '../src/platform/access/matrix/matrix-bodies';
import { ACTORS, type ActorName, type MatrixTargets, type World } from '../src/platform/access/matrix/matrix-types';

/**
 * The rows a valid call of the matrix aims at: bodies that pass validation, so the answer is the access decision,
 * and throw-away rows for the calls that change what they touch (one per actor where the change is one-way).
 */

async function query<T>(api: ApiHarness, sql: string, params: unknown[] = []): Promise<T[]> {
  return orm(api).getConnection().execute<T[]>(sql, params);
}

async function idOf(api: ApiHarness, sql: string, params: unknown[] = []): Promise<number> {
  const [row] = await query<{ id: number }>(api, sql, params);
  if (!row) throw new Error(`matrix world: nothing for ${sql}`);
  return Number(row.id);
}

function ok<T>(response: { status: number; body: unknown }, what: string): T {
  if (response.status >= 300)
    throw new Error(`matrix world: ${what} ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as T;
}

/** A copy of an existing case under a new token (same companies, status and data): a target one actor may change. */
export function cloneCase(api: ApiHarness, sourceToken: string, overrides: Record<string, unknown> = {}) {
  return cloneByToken(api, 'cases', sourceToken, overrides);
}

/** A copy of the row of `table` with this token, under a new token (every other column as it is). */
async function cloneByToken(
  api: ApiHarness,
  table: 'cases' | 'manager_requests',
  sourceToken: string,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const columns = (
    await query<{ column_name: string }>(
      api,
      "select column_name from information_schema.columns where table_name = ? and column_name <> 'id'",
      [table],
    )
  ).map((row) => row.column_name);
  const token = randomBytes(24).toString('base64url');
  const values: Record<string, unknown> = { token, ...overrides };
  const select = columns.map((column) => (column in values ? '?' : `"${column}"`)).join(', ');
  await query(
    api,
    `insert into ${table} (${columns.map((column) => `"${column}"`).join(', ')}) select ${select} from ${table} where token = ?`,
    [...columns.filter((column) => column in values).map((column) => values[column]), sourceToken],
  );
  return token;
}

const PDF = Buffer.from('%PDF-1.4\nmatrix file\n');

/** A second Acme caller, signed in by nobody: the target of edits and status changes by Acme's managers. */
async function createSpareAcmeUser(api: ApiHarness): Promise<number> {
  const em = orm(api);
  const template = await em.findOneOrFail(User, { email: 'caller@acme.test' }, { populate: ['company'] });
  const user = createSeedLikeUser(em, template, {
    email: 'spare@acme.test',
    firstName: 'Spare',
    lastName: 'Caller',
    role: 'caller',
    company: template.company,
  });
  await em.flush();
  return user.id;
}

/** Writes a file where the api reads stored uploads from (STORAGE_DIR). */
async function storeFile(api: ApiHarness, relativePath: string): Promise<void> {
  const config = api.app.get<ServerConfig>(SERVER_CONFIG);
  const path = join(config.STORAGE_DIR, relativePath);
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, PDF);
}

export async function buildTargets(
  api: ApiHarness,
  world: Omit<World, 'targets'>,
  tokens: Map<ActorName, string>,
  actorEmails: Partial<Record<ActorName, string>>,
): Promise<MatrixTargets> {
  const acmeCaller = tokens.get('acmeCaller')!;
  const acmeBm = tokens.get('acmeBm')!;

  const globexDocs = await documentsOf(api, acmeCaller, 'company', world.companies.globex);
  const collaborationDoc = globexDocs.documents.find((doc) => doc.name === 'Globex Storage Collaboration');
  if (!collaborationDoc) throw new Error('matrix world: no Globex Storage Collaboration');
  const canada = await countryId(api, acmeCaller, 'Canada');
  const collaboration = {
    documentId: collaborationDoc.id,
    body: {
      first_name: 'Carl',
      last_name: 'Jensen',
      email: 'caller@acme.test',
      phone_number: '4165550103',
      phone_country_code: 'CA',
      internal_case_number: 'MATRIX-COLLAB',
      problem_summary: 'Matrix submission',
      problem_description: 'Submitted by the authorization matrix.',
      collaborate_type: 'company',
      collaborate_entity: world.companies.globex,
      ...globexCollaborationAnswers(allFields(collaborationDoc), canada),
    },
  };

  const managerDocument = await idOf(api, "select id from contact_documents where name = 'Globex Manager Escalation'");
  const acmeManagerDocument = await idOf(
    api,
    "select id from contact_documents where name = 'Acme Manager Escalation'",
  );
  const managerRequest = ok<{ request: { token: string } }>(
    await api
      .http()
      .post('/api/manager/request/create')
      .set(bearer(acmeCaller))
      .send(managerRequestBody(world.companies.globex, managerDocument)),
    'manager request',
  );
  const search = ok<{ search: { id: number } }>(
    await api
      .http()
      .post('/api/caller/save_search')
      .set(bearer(acmeCaller))
      .send({ term: 'storage', location: 'dashboard' }),
    'saved search',
  );

  const globexFile = await query<{ id: number; document_id: number }>(
    api,
    'select f.id, f.document_id from document_files f join contact_documents d on d.id = f.document_id where d.company_id = ? and d.deleted_at is null and f.community_id is null order by f.id limit 1',
    [world.companies.globex],
  );
  if (!globexFile[0]) throw new Error('matrix world: Globex has no process file');
  await storeFile(api, 'matrix/globex-process.pdf');
  await query(
    api,
    "update document_files set document_type = 'file', file_path = 'matrix/globex-process.pdf', original_filename = 'process.pdf' where id = ?",
    [globexFile[0].id],
  );

  ok(
    await api
      .http()
      .post(`/api/admin/company/partner_groups/${world.groups.acme}/documents/upload`)
      .set(bearer(acmeBm))
      .field('name', 'Matrix group file')
      .field('company_id', String(world.companies.acme))
      .field('document_type', 'file')
      .attach('file', PDF, 'matrix.pdf'),
    'group file',
  );
  const groupFile = await idOf(
    api,
    "select id from group_documents where community_id = ? and name = 'Matrix group file' order by id desc limit 1",
    [world.groups.acme],
  );

  const respondCases = {} as Record<ActorName, string>;
  for (const actor of ACTORS) respondCases[actor] = await cloneCase(api, world.cases.acmeGlobex);
  // A manager request link takes one answer: each actor answers a link of its own.
  const managerResponseLinks = {} as Record<ActorName, string>;
  for (const actor of ACTORS) {
    managerResponseLinks[actor] = await cloneByToken(api, 'manager_requests', managerRequest.request.token);
  }

  const spareAcmeUser = await createSpareAcmeUser(api);
  const acmeReceives = await cloneCase(api, world.cases.accepted, {
    submitter_company_id: world.companies.globex,
    receiver_company_id: world.companies.acme,
    submitter_user_id: world.users['bm@globex.test'],
    receiver_department_id: null,
    internal_case_number: 'MATRIX-RECEIVED',
  });

  // Acme's own settings, sent back unchanged: a save by Acme's managers proves access without changing later rows.
  const company = ok<{
    registration: {
      requires_approval: number;
      signup_manager_id: number | null;
      alt_signup_manager_id: number | null;
      communities: number[];
    };
  }>(await api.http().get('/api/admin/company').set(bearer(acmeBm)), 'admin company').registration;
  const process = ok<{ document: { settings: Record<string, unknown> } }>(
    await api.http().get(`/api/admin/company/documents/${world.documents.acme}`).set(bearer(acmeBm)),
    'admin process',
  ).document.settings;
  const processFields = ['title', 'support_hours', 'product_supported', 'collaborate_email', 'collaborate_cc_email'];
  const escalationFields = [
    'escalation_instructions',
    'escalation_user_id',
    'alt_escalation_user_id',
    'escalation_alias',
  ];

  const emails = Object.fromEntries(
    ACTORS.map((actor) => [actor, actorEmails[actor] ?? 'nobody@casebridge.test']),
  ) as Record<ActorName, string>;

  return {
    emails,
    signIn: { email: 'caller@acme.test', password: DEMO_PASSWORD },
    acmeRegistration: {
      requires_approval: company.requires_approval,
      signup_manager_id: company.signup_manager_id,
      alt_signup_manager_id: company.alt_signup_manager_id,
      group_access: company.communities,
    },
    acmeProcessSettings: Object.fromEntries(
      [...processFields, ...escalationFields].map((field) => [field, process[field]]),
    ),
    collaboration,
    managerDocument,
    acmeManagerDocument,
    managerRequestToken: managerRequest.request.token,
    managerResponseLinks,
    acmeCallerSearch: search.search.id,
    globexFile: { documentId: Number(globexFile[0].document_id), id: Number(globexFile[0].id) },
    groupFile,
    respondCases,
    spareAcmeUser,
    acmeReceives,
  };
}
