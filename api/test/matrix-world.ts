import { Company, User } from '@casebridge/db';
import { bearer, type ApiHarness } from '../../test/kit/api-harness';
import { createSeedLikeUser, orm, tokenOf } from '../../test/kit/member-fixtures';
import type { ActorName, World } from '../src/platform/access/matrix/matrix-types';
import { buildTargets, cloneCase } from './matrix-world-targets';

/** The unrelated company: no group, relation or case with anyone. */
export const OTHER_SLUG = 'nimbus';
const OTHER_USERS = {
  otherCaller: ['caller@nimbus.test', 'caller'],
  otherBm: ['bm@nimbus.test', 'business_manager'],
  otherPm: ['pm@nimbus.test', 'program_manager'],
  otherApi: ['api@nimbus.test', 'api'],
} as const;

export const ACTOR_EMAILS: Record<Exclude<ActorName, 'anonymous' | 'tokenHolder'>, string> = {
  acmeCaller: 'caller@acme.test',
  acmeBm: 'bm@acme.test',
  acmePm: 'pm@acme.test',
  acmeApi: 'api@acme.test',
  superAdmin: 'admin@casebridge.test',
  otherCaller: OTHER_USERS.otherCaller[0],
  otherBm: OTHER_USERS.otherBm[0],
  otherPm: OTHER_USERS.otherPm[0],
  otherApi: OTHER_USERS.otherApi[0],
  limited: 'bm@initech.test',
  limitedCaller: 'caller@initech.test',
};

type Row = Record<string, unknown>;

async function rows<T extends Row>(api: ApiHarness, sql: string, params: unknown[] = []): Promise<T[]> {
  return orm(api).getConnection().execute<T[]>(sql, params);
}

async function one(api: ApiHarness, sql: string, params: unknown[] = []): Promise<number> {
  const found = await rows<{ id: number }>(api, sql, params);
  if (!found[0]) throw new Error(`matrix world: nothing for ${sql}`);
  return Number(found[0].id);
}

/** The unrelated company with one user of every role, signed in with the demo password. */
async function createUnrelatedCompany(api: ApiHarness): Promise<void> {
  const em = orm(api);
  const template = await em.findOneOrFail(User, { email: 'bm@acme.test' });
  const company = em.create(Company, {
    name: 'Nimbus Labs',
    slug: OTHER_SLUG,
    domain: 'nimbus.test',
    status: 'active',
    membershipType: 'premium',
    loginMethod: 'requires_registration',
  });
  for (const [email, role] of Object.values(OTHER_USERS)) {
    createSeedLikeUser(em, template, { email, firstName: 'Nim', lastName: role, role, company });
  }
  await em.flush();
}

/** A caller of Initech (limited membership), which the seed does not have. */
async function createLimitedCaller(api: ApiHarness): Promise<void> {
  const em = orm(api);
  const template = await em.findOneOrFail(User, { email: ACTOR_EMAILS.limited }, { populate: ['company'] });
  createSeedLikeUser(em, template, {
    email: ACTOR_EMAILS.limitedCaller,
    firstName: 'Ivy',
    lastName: 'caller',
    role: 'caller',
    company: template.company,
  });
  await em.flush();
}

/** A case between Acme's partner Globex and Umbrella: Acme, Initech and the unrelated company must never see it. */
async function createForeignCase(api: ApiHarness, globex: number, umbrella: number): Promise<string> {
  const [first] = await rows<{ token: string }>(api, 'select token from cases order by id limit 1');
  return cloneCase(api, first.token, {
    submitter_company_id: globex,
    receiver_company_id: umbrella,
    submitter_user_id: (await rows<{ id: number }>(api, "select id from users where email = 'bm@globex.test'"))[0].id,
    receiver_department_id: null,
    internal_case_number: 'MATRIX-1',
  });
}

function attachmentId(status: number, body: unknown): number {
  if (status >= 300) throw new Error(`matrix world: attachment ${status} ${JSON.stringify(body)}`);
  return (body as { attachments: { id: number }[] }).attachments[0].id;
}

/** Builds the world the matrix runs in and resolves every id by name. */
export async function buildWorld(api: ApiHarness): Promise<{ world: World; tokens: Map<ActorName, string> }> {
  await createUnrelatedCompany(api);
  await createLimitedCaller(api);
  const company = (slug: string) => one(api, 'select id from companies where slug = ?', [slug]);
  const companies = {
    acme: await company('acme'),
    globex: await company('globex'),
    initech: await company('initech'),
    umbrella: await company('umbrella'),
    other: await company(OTHER_SLUG),
  };
  const users = Object.fromEntries(
    (await rows<{ id: number; email: string }>(api, 'select id, email from users')).map((row) => [row.email, row.id]),
  );
  const foreignCase = await createForeignCase(api, companies.globex, companies.umbrella);
  const acmeCase = async (status: string) =>
    (
      await rows<{ token: string }>(
        api,
        'select token from cases where submitter_company_id = ? and receiver_company_id = ? and status = ? order by id limit 1',
        [companies.acme, companies.globex, status],
      )
    )[0].token;
  const acmeGlobex = await acmeCase('open');
  const accepted = await acmeCase('accepted');

  const tokens = new Map<ActorName, string>();
  for (const [actor, email] of Object.entries(ACTOR_EMAILS)) tokens.set(actor as ActorName, await tokenOf(api, email));
  const acmeBm = bearer(tokens.get('acmeBm')!);

  const webhook = await api
    .http()
    .post('/api/webhooks')
    .set(acmeBm)
    .send({ url: 'https://hooks.acme.test/matrix' })
    .expect(200);
  const apiToken = await api
    .http()
    .post('/api/api-tokens')
    .set(acmeBm)
    .send({ name: 'matrix', user_id: users['api@acme.test'] })
    .expect(200);
  const exportJob = await api.http().post('/api/exports').set(acmeBm).send({ kind: 'partners', params: {} });
  if (exportJob.status >= 300)
    throw new Error(`matrix world: export ${exportJob.status} ${JSON.stringify(exportJob.body)}`);
  const attachment = await api
    .http()
    .post(`/api/caller/case/${accepted}/attachments`)
    .set(acmeBm)
    .attach('files', Buffer.from('matrix log line\n'), 'matrix.log');

  const base: Omit<World, 'targets'> = {
    companies,
    users,
    documents: {
      acme: await one(api, 'select id from contact_documents where company_id = ? order by id limit 1', [
        companies.acme,
      ]),
      globex: await one(api, 'select id from contact_documents where company_id = ? order by id limit 1', [
        companies.globex,
      ]),
    },
    groups: {
      acme: await one(api, "select id from communities where name = 'Storage Alliance'"),
      foreign: await one(api, "select id from communities where name = 'Cloud Connect'"),
    },
    departments: {
      acme: await one(api, 'select id from departments where company_id = ? order by id limit 1', [companies.acme]),
    },
    relations: {
      acme: await one(
        api,
        "select r.id from company_group_relations r join communities c on c.id = r.community_id where c.name = 'Storage Alliance' and r.company_id = ?",
        [companies.acme],
      ),
    },
    cases: { acmeGlobex, accepted, foreign: foreignCase },
    owned: {
      webhook: (webhook.body as { endpoint: { id: number } }).endpoint.id,
      apiToken: (apiToken.body as { token: { id: number } }).token.id,
      export:
        (exportJob.body as { id?: number; export?: { id: number } }).export?.id ??
        (exportJob.body as { id: number }).id,
      attachment: attachmentId(attachment.status, attachment.body),
      documentFile: await one(
        api,
        'select f.id from document_files f join contact_documents d on d.id = f.document_id where d.company_id = ? order by f.id limit 1',
        [companies.globex],
      ),
    },
    groupDocument: await one(
      api,
      'select id from group_documents where community_id = (select id from communities where name = ?) order by id limit 1',
      ['Storage Alliance'],
    ),
    onboardingSession: await one(api, 'select id from onboarding_sessions order by id limit 1'),
    emailTemplate: await one(api, 'select id from email_templates order by id limit 1'),
    pendingRegistration: users['olivia.chen@acme.test'],
  };
  const world: World = { ...base, targets: await buildTargets(api, base, tokens, ACTOR_EMAILS) };
  return { world, tokens };
}
