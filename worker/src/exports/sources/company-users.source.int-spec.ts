import { createOrmConfig, User } from '@casebridge/db';
import { MikroORM } from '@mikro-orm/postgresql';
import { prepareIntegrationEnv, type IntegrationEnv } from '../../../../test/integration/test-env';
import type { ExportCell } from '../export-source';
import { companyUsersSource } from './company-users.source';

describe('company_users export rows', () => {
  let env: IntegrationEnv;
  let orm: MikroORM;

  beforeAll(async () => {
    env = await prepareIntegrationEnv();
    orm = await MikroORM.init(createOrmConfig(env.databaseUrl));
  });
  afterAll(async () => {
    await orm.close(true);
    await env.cleanup();
  });

  async function rowsOf(companyId: number): Promise<ExportCell[][]> {
    const rows: ExportCell[][] = [];
    for await (const page of companyUsersSource.pages(orm.em.fork(), { company_id: companyId })) rows.push(...page);
    return rows;
  }

  it('lists the approved users of the one company, by name, with labels', async () => {
    const em = orm.em.fork();
    const bm = await em.findOneOrFail(User, { email: 'bm@acme.test' }, { populate: ['company'] });
    const companyId = bm.company!.id;
    const expected = await em.find(
      User,
      { company: companyId, approvalStatus: 'approved' },
      { orderBy: { lastName: 'asc', firstName: 'asc', id: 'asc' } },
    );
    const rows = await rowsOf(companyId);
    expect(rows.map((row) => row[2])).toEqual(expected.map((user) => user.email));
    expect(rows.map((row) => row[2])).not.toContain('olivia.chen@acme.test');
    const bmRow = rows.find((row) => row[2] === 'bm@acme.test')!;
    expect(bmRow[3]).toBe('Business Manager');
    expect(bmRow[7]).toBeInstanceOf(Date);
    expect(await companyUsersSource.fileStem(em, { company_id: companyId })).toBe('acme-users');
  });

  it('refuses params without a company', async () => {
    await expect(companyUsersSource.fileStem(orm.em.fork(), {})).rejects.toThrow('company_id');
  });
});
