import { MikroORM } from '@mikro-orm/postgresql';
import { CASE_STATUSES } from '@casebridge/contracts';
import { verifyPassword } from '@casebridge/server-core';
import { prepareIntegrationEnv, type IntegrationEnv } from '../../../test/integration/test-env';
import { Case, CaseEvent, Company, User } from './entities';
import { createOrmConfig } from './mikro-orm.config';
import { DEMO_PASSWORD } from './seeders/demo-seeder';

/** The demo identities every seeded database must have. */
const EXPECTED_IDENTITIES: [email: string, role: string, company: null | [string, string, string, string]][] = [
  ['admin@casebridge.test', 'super_admin', null],
  ['bm@acme.test', 'business_manager', ['Acme Systems', 'acme', 'premium', 'requires_registration']],
  ['pm@acme.test', 'program_manager', ['Acme Systems', 'acme', 'premium', 'requires_registration']],
  ['caller@acme.test', 'caller', ['Acme Systems', 'acme', 'premium', 'requires_registration']],
  ['api@acme.test', 'api', ['Acme Systems', 'acme', 'premium', 'requires_registration']],
  ['bm@globex.test', 'business_manager', ['Globex Storage', 'globex', 'elite', 'email_link']],
  ['caller@globex.test', 'caller', ['Globex Storage', 'globex', 'elite', 'email_link']],
  ['bm@initech.test', 'business_manager', ['Initech Networks', 'initech', 'limited', 'requires_registration']],
  ['caller@umbrella.test', 'caller', ['Umbrella Cloud', 'umbrella', 'basic', 'sso']],
];

describe('demo seed', () => {
  let env: IntegrationEnv;
  let orm: MikroORM;

  beforeAll(async () => {
    env = await prepareIntegrationEnv();
    orm = await MikroORM.init(createOrmConfig(env.databaseUrl));
  });

  afterAll(async () => {
    await orm?.close(true);
    await env?.cleanup();
  });

  it.each(EXPECTED_IDENTITIES)('has %s as %s of the right company', async (email, role, company) => {
    const user = await orm.em.fork().findOneOrFail(User, { email }, { populate: ['company'] });
    expect(user.role).toBe(role);
    expect(user.status).toBe('active');
    expect(user.approvalStatus).toBe('approved');
    expect(user.emailVerifiedAt).toBeInstanceOf(Date);
    expect(user.agreementDate).toBeInstanceOf(Date);
    if (company === null) {
      expect(user.company).toBeNull();
    } else {
      const [name, slug, membershipType, loginMethod] = company;
      expect(user.company).toMatchObject({ name, slug, membershipType, loginMethod });
    }
  });

  it('stores argon2id hashes that verify the demo password and reject others', async () => {
    const user = await orm.em.fork().findOneOrFail(User, { email: 'caller@acme.test' });
    expect(user.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    await expect(verifyPassword(user.passwordHash, DEMO_PASSWORD)).resolves.toBe(true);
    await expect(verifyPassword(user.passwordHash, 'passw0rd!')).resolves.toBe(false);
  });

  it('makes Acme approve registrations through bm@acme.test and queues one pending user', async () => {
    const em = orm.em.fork();
    const acme = await em.findOneOrFail(Company, { slug: 'acme' }, { populate: ['signupManager'] });
    expect(acme.requiresApproval).toBe(true);
    expect(acme.signupManager?.email).toBe('bm@acme.test');
    expect(await em.count(User, { company: acme, approvalStatus: 'pending' })).toBe(1);
  });

  it.each([...CASE_STATUSES])('has a case between Acme and Globex with status %s', async (status) => {
    const em = orm.em.fork();
    const cases = await em.find(Case, { status }, { populate: ['submitterCompany', 'receiverCompany'] });
    const slugs = cases.map((kase) => [kase.submitterCompany.slug, kase.receiverCompany.slug].sort().join('-'));
    expect(slugs).toContain('acme-globex');
  });

  it('numbers every case event 1..n with eventSeq pointing at the last one', async () => {
    const em = orm.em.fork();
    const cases = await em.find(Case, {});
    for (const kase of cases) {
      const seqs = (await em.find(CaseEvent, { case: kase }, { orderBy: { seq: 'asc' } })).map((event) => event.seq);
      expect(seqs).toEqual(Array.from({ length: kase.eventSeq }, (_, index) => index + 1));
    }
  });
});
