import type { DirectoryEntry, DocumentsResponse } from '@casebridge/contracts';
import { User } from '@casebridge/db';
import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { bearer, type ApiHarness } from './api-harness';

/** A fresh EntityManager on the test's database, for checks and set-up the api has no call for. */
export function orm(api: ApiHarness): EntityManager {
  return api.app.get(MikroORM).em.fork() as EntityManager;
}

/**
 * A bearer token of a demo user. SSO companies (Umbrella) cannot sign in with a password, so their users are
 * reached the way a super admin does: login as user.
 */
export async function tokenOf(api: ApiHarness, email: string): Promise<string> {
  if (!email.endsWith('@umbrella.test')) return api.login(email);
  const user = await orm(api).findOneOrFail(User, { email });
  const admin = await api.login('admin@casebridge.test');
  const response = await api
    .http()
    .get(`/api/auth/super_admin/login_as_user/${user.id}`)
    .set(bearer(admin))
    .expect(200);
  return (response.body as { access_token: string }).access_token;
}

/** The directory as a user sees it. */
export async function directoryOf(api: ApiHarness, token: string): Promise<DirectoryEntry[]> {
  return (await api.http().get('/api/caller/company_directory').set(bearer(token)).expect(200)).body;
}

/** Ids of the demo network, looked up through the directory of Acme's business manager and the database. */
export interface DemoIds {
  acme: number;
  globex: number;
  initech: number;
  umbrella: number;
  departments: Record<string, number>;
  documents: Record<string, number>;
}

export async function demoIds(api: ApiHarness): Promise<DemoIds> {
  const em = orm(api);
  const companies = await em.getConnection().execute<{ id: number; slug: string }[]>('select id, slug from companies');
  const departments = await em
    .getConnection()
    .execute<{ id: number; name: string }[]>('select id, name from departments');
  const documents = await em
    .getConnection()
    .execute<{ id: number; name: string }[]>('select id, name from contact_documents');
  const company = (slug: string) => {
    const found = companies.find((row) => row.slug === slug);
    if (!found) throw new Error(`no company ${slug}`);
    return found.id;
  };
  return {
    acme: company('acme'),
    globex: company('globex'),
    initech: company('initech'),
    umbrella: company('umbrella'),
    departments: Object.fromEntries(departments.map((row) => [row.name, row.id])),
    documents: Object.fromEntries(documents.map((row) => [row.name, row.id])),
  };
}

export async function documentsOf(
  api: ApiHarness,
  token: string,
  type: 'company' | 'department',
  id: number,
): Promise<DocumentsResponse> {
  return (await api.http().get(`/api/caller/documents/${type}/${id}`).set(bearer(token)).expect(200)).body;
}

export async function countRows(api: ApiHarness, table: string): Promise<number> {
  const rows = await orm(api)
    .getConnection()
    .execute<{ count: string }[]>(`select count(*)::text as count from ${table}`);
  return Number(rows[0].count);
}

/**
 * An active, approved, verified user added beside the seed (not flushed), signing in with `template`'s password
 * (the demo password when the template is a demo user).
 */
export function createSeedLikeUser(
  em: EntityManager,
  template: User,
  fields: { email: string; firstName: string; lastName: string; role: User['role']; company: User['company'] },
): User {
  return em.create(User, {
    ...fields,
    type: 'basic',
    status: 'active',
    approvalStatus: 'approved',
    emailVerifiedAt: new Date(),
    agreementDate: new Date(),
    passwordHash: template.passwordHash,
    registrationType: 'seed',
  });
}

/** A complete registration form (POST caller/register/{slug}) for this address. */
export function registrationBody(email: string, firstName = 'Rita') {
  return {
    first_name: firstName,
    last_name: 'Applicant',
    email,
    phone: '555 0100',
    phone_country_code: 'US',
    city: 'Boston',
    password: 'Str0ng!Pass',
    password_confirmation: 'Str0ng!Pass',
    agree_confirm: true,
  };
}
