import { createOrmConfig } from '@casebridge/db';
import { MikroORM } from '@mikro-orm/postgresql';
import { prepareIntegrationEnv, type IntegrationEnv } from '../../../../test/integration/test-env';
import { EXPORT_PAGE_SIZE, type ExportCell, type ExportSource } from '../export-source';
import { userLoginsSource } from './report-activity.source';
import { agedLoginBucket, mailDomainSource, managersSource, userAgedLoginsSource } from './report-users.source';

/** More rows than one page, many sharing a sort value, so every keyset must break ties and resume exactly. */
const MANY = EXPORT_PAGE_SIZE + 205;

describe('back-office report sources: paging past one page', () => {
  let env: IntegrationEnv;
  let orm: MikroORM;

  async function rowsOf(source: ExportSource, params: Record<string, unknown> = {}): Promise<ExportCell[][]> {
    const rows: ExportCell[][] = [];
    for await (const page of source.pages(orm.em.fork(), params)) rows.push(...page);
    return rows;
  }

  beforeAll(async () => {
    env = await prepareIntegrationEnv();
    orm = await MikroORM.init(createOrmConfig(env.databaseUrl));
    const em = orm.em.fork();
    const [{ id: companyId }] = await em.execute<{ id: number }[]>(`select id from companies where slug = 'acme'`);
    // Users on their own domains; half never signed in, the other half all at the same moment.
    await em.execute(
      `insert into users (first_name, last_name, email, company_id, role, last_login_at)
        select 'Page', 'Tester', 'pager' || n || '@d' || n || '.paging.test', ?, 'program_manager',
          case when n % 2 = 0 then null else timestamptz '2026-01-05 10:00:00+00' end
        from generate_series(1, ?) as n`,
      [companyId, MANY],
    );
    // Logins of one user on 2026-04-01, many at the very same moment.
    await em.execute(
      `insert into login_events (user_id, ip, created_at)
        select (select id from users where email = 'pager1@d1.paging.test'), '10.1.1.1',
          timestamptz '2026-04-01 12:00:00+00' + make_interval(secs => n % 3)
        from generate_series(1, ?) as n`,
      [MANY],
    );
  });

  afterAll(async () => {
    await orm?.close(true);
    await env?.cleanup();
  });

  it('user_logins: every login of the range once, in time order', async () => {
    const rows = await rowsOf(userLoginsSource, { start: '2026-04-01', end: '2026-04-01' });
    expect(rows).toHaveLength(MANY);
    const times = rows.map((row) => (row[6] as Date).getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(await rowsOf(userLoginsSource, { start: '2026-04-02', end: '2026-04-30' })).toHaveLength(0);
    await expect(userLoginsSource.fileStem(orm.em.fork(), { start: '26-04-01' })).rejects.toThrow('start');
  });

  it('managers: each manager once, by company and name', async () => {
    const emails = (await rowsOf(managersSource)).map((row) => row[3]);
    const pagers = emails.filter((email) => String(email).endsWith('.paging.test'));
    expect(pagers).toHaveLength(MANY);
    expect(new Set(emails).size).toBe(emails.length);
  });

  it('mail_domain: one row per domain and company', async () => {
    const rows = await rowsOf(mailDomainSource);
    const paging = rows.filter((row) => String(row[0]).endsWith('.paging.test'));
    expect(paging).toHaveLength(MANY);
    expect(paging.every((row) => row[1] === 'Acme Systems' && row[3] === 'No' && row[4] === 1)).toBe(true);
    const keys = rows.map((row) => `${String(row[0])}|${String(row[1])}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('user_aged_logins: every user once, never-signed-in first, then the longest idle', async () => {
    const rows = await rowsOf(userAgedLoginsSource);
    const emails = rows.map((row) => row[4]);
    expect(new Set(emails).size).toBe(emails.length);
    expect(emails.filter((email) => String(email).endsWith('.paging.test'))).toHaveLength(MANY);
    const firstSeen = rows.findIndex((row) => row[0] !== 'Never');
    expect(rows.slice(firstSeen).every((row) => row[0] !== 'Never')).toBe(true);
    const days = rows.slice(firstSeen).map((row) => Number(row[1]));
    expect(days).toEqual([...days].sort((a, b) => b - a));
  });

  it('puts days since the last login in their bucket', () => {
    expect([null, 0, 30, 31, 60, 61, 90, 91, 180, 181, 365, 366].map(agedLoginBucket)).toEqual([
      'Never',
      '0-30 days',
      '0-30 days',
      '31-60 days',
      '31-60 days',
      '61-90 days',
      '61-90 days',
      '91-180 days',
      '91-180 days',
      '181-365 days',
      '181-365 days',
      'Over 365 days',
    ]);
  });
});
