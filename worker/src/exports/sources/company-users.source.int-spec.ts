import { createOrmConfig, type Company, type User } from '@casebridge/db';
import { MikroORM } from '@mikro-orm/postgresql';
import { aCompany, aUser, type UserSpec } from '../../../../test/kit/factories';
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

  const named = (company: Company, firstName: string, lastName: string, spec: Partial<UserSpec> = {}) =>
    aUser(orm, {
      company,
      role: 'caller',
      ...spec,
      overrides: { firstName, lastName, ...spec.overrides },
    });

  it('lists the approved users of the one company, by name, with labels', async () => {
    const company = await aCompany(orm);
    const lastLoginAt = new Date('2026-03-04T05:06:07Z');
    // Created out of name order, with a shared last name and a shared full name, so the order is the export's own.
    const inactive = await named(company, 'Dee', 'Zed', { status: 'inactive' });
    const manager = await named(company, 'Bea', 'Brook', { role: 'business_manager', overrides: { lastLoginAt } });
    const firstAl = await named(company, 'Al', 'Brook');
    const programManager = await named(company, 'Cy', 'Adams', { role: 'program_manager' });
    const secondAl = await named(company, 'Al', 'Brook', { overrides: { registrationType: 'registration' } });
    // Not approved, or another company's: never in the list, though their names sort first.
    const pending = await named(company, 'Olivia', 'Aaron', { approvalStatus: 'pending' });
    const rejected = await named(company, 'Rey', 'Aaron', { approvalStatus: 'rejected' });
    const outsider = await named(await aCompany(orm), 'Ann', 'Aaron');

    const rows = await rowsOf(company.id);
    const listed: User[] = [programManager, firstAl, secondAl, manager, inactive];
    expect(rows.map((row) => row[2])).toEqual(listed.map((user) => user.email));
    for (const absent of [pending, rejected, outsider]) expect(rows.map((row) => row[2])).not.toContain(absent.email);

    const rowOf = (user: User) => rows.find((row) => row[2] === user.email)!;
    expect(rowOf(manager).slice(0, 7)).toEqual([
      'Bea',
      'Brook',
      manager.email,
      'Business Manager',
      'Company Admin',
      'Active',
      lastLoginAt,
    ]);
    expect(rowOf(manager)[7]).toEqual(manager.createdAt);
    expect(rowOf(programManager)[3]).toBe('Program Manager');
    expect(rowOf(secondAl)[4]).toBe('Registration');
    expect(rowOf(inactive)[5]).toBe('Inactive');
    expect(rowOf(inactive)[6]).toBeNull();
    expect(await companyUsersSource.fileStem(orm.em.fork(), { company_id: company.id })).toBe(`${company.slug}-users`);
  });

  it('refuses params without a company', async () => {
    await expect(companyUsersSource.fileStem(orm.em.fork(), {})).rejects.toThrow('company_id');
  });
});
