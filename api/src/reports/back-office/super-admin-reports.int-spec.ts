import type { ExportShape } from '@casebridge/contracts';
import {
  LoginEvent,
  ProcessView,
  SavedSearch,
  SearchResultPick,
  User,
  type Company,
  type ContactDocument,
} from '@casebridge/db';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bearer, startApi, type ApiHarness } from '../../../../test/kit/api-harness';
import { exportSheetRows, finishedExport } from '../../../test/export-files';
import { startExportWorker, type ExportWorker } from '../../../../test/kit/export-worker';
import { aCompany, aProcess, aSuperAdmin, aUser, domainOf, signedIn } from '../../../../test/kit/factories';
import { orm } from '../../../../test/kit/member-fixtures';

const DAY = 24 * 3600 * 1000;
const FILE_NAME = (stem: string) => new RegExp(`^${stem}\\.\\d{6}\\.xlsx$`);

describe('super admin reports: six spreadsheets through the export queue', () => {
  let api: ApiHarness;
  let worker: ExportWorker;
  let storage: string;
  let admin: string;
  // Our company (caller, business and program managers) and a partner (business manager, a caller who never signed
  // in, a process our caller viewed).
  let ours: Company;
  let partner: Company;
  let partnerProcess: ContactDocument;
  let users: Record<'caller' | 'bm' | 'pm' | 'partnerBm' | 'partnerCaller' | 'superAdmin', User>;

  const get = (path: string, token = admin) => api.http().get(`/api/${path}`).set(bearer(token));

  /** Starts a report, waits for the worker and reads the file back with exceljs. */
  async function build(path: string, stem: string): Promise<unknown[][]> {
    const started = (await get(path).expect(200)).body.export as ExportShape;
    const ready = await finishedExport(api, admin, started);
    expect(ready).toMatchObject({ status: 'ready', error: null });
    expect(ready.file_name).toMatch(FILE_NAME(stem));
    return exportSheetRows(api, admin, ready.id);
  }

  beforeAll(async () => {
    storage = mkdtempSync(join(tmpdir(), 'casebridge-sa-reports-'));
    api = await startApi({ STORAGE_DIR: storage });
    worker = await startExportWorker();
    ours = await aCompany(api);
    partner = await aCompany(api);
    users = {
      caller: await aUser(api, { company: ours, role: 'caller' }),
      bm: await aUser(api, { company: ours, role: 'business_manager' }),
      // 45 days idle (an hour more, so the day count is not on the edge).
      pm: await aUser(api, {
        company: ours,
        role: 'program_manager',
        overrides: { lastLoginAt: new Date(Date.now() - 45 * DAY - 3600 * 1000) },
      }),
      partnerBm: await aUser(api, { company: partner, role: 'business_manager' }),
      // Never signed in.
      partnerCaller: await aUser(api, { company: partner, role: 'caller' }),
      superAdmin: await aSuperAdmin(api),
    };
    admin = await signedIn(api, users.superAdmin);
    partnerProcess = await aProcess(api, { company: partner });

    // Known rows on 2026-03-10, a day no seeded activity falls on, and one just outside the range.
    const em = orm(api);
    const caller = em.getReference(User, users.caller.id);
    const globexBm = em.getReference(User, users.partnerBm.id);
    const process = partnerProcess;
    em.create(LoginEvent, { user: caller, ip: '10.9.9.9', createdAt: new Date('2026-03-10T08:30:00Z') });
    em.create(LoginEvent, { user: globexBm, ip: '10.9.9.8', createdAt: new Date('2026-03-11T00:00:00Z') });
    em.create(ProcessView, { user: caller, document: process, createdAt: new Date('2026-03-10T09:00:00Z') });
    const search = em.create(SavedSearch, {
      user: caller,
      term: 'backup appliance',
      location: 'dashboard',
      createdAt: new Date('2026-03-10T10:00:00Z'),
    });
    em.create(SearchResultPick, { search, member: partner.name, createdAt: new Date('2026-03-10T10:01:00Z') });
    await em.flush();
  }, 60_000);

  afterAll(async () => {
    await worker?.close();
    await api?.close();
    rmSync(storage, { recursive: true, force: true });
  });

  it('user logins: the sign-ins of the range (both days included) with user, company, role and method', async () => {
    const rows = await build('super_admin/reports/user_logins/26-03-10/26-03-10', 'user-logins');
    expect(rows[0]).toEqual([
      'User',
      'Email',
      'Company',
      'Role',
      'Company Login Method',
      'IP Address',
      'Login Time (UTC)',
    ]);
    expect(rows.slice(1)).toHaveLength(1);
    const [name, email, company, role, method, ip, at] = rows[1];
    expect([email, company, role, method, ip]).toEqual([
      users.caller.email,
      ours.name,
      'Standard User',
      'Requires Registration',
      '10.9.9.9',
    ]);
    expect(name).toBe(`${users.caller.firstName} ${users.caller.lastName}`);
    expect((at as Date).toISOString()).toBe('2026-03-10T08:30:00.000Z');

    // The next day's login appears once the range covers it; full years are accepted too.
    const wider = await build('super_admin/reports/user_logins/2026-03-10/2026-03-11', 'user-logins');
    expect(wider.slice(1).map((row) => row[1])).toEqual([users.caller.email, users.partnerBm.email]);
  });

  it('processes viewed: viewer, company, process, its owner and the time', async () => {
    const rows = await build('super_admin/reports/proccesses_viewed/26-03-10/26-03-10', 'processes-viewed');
    expect(rows[0]).toEqual(['Viewer', 'Email', 'Company', 'Process', 'Process Owner', 'Viewed (UTC)']);
    expect(rows.slice(1)).toHaveLength(1);
    expect(rows[1].slice(1, 3)).toEqual([users.caller.email, ours.name]);
    expect(rows[1][3]).toBe(partnerProcess.name);
    expect(rows[1][4]).toBe(partner.name);
    expect((rows[1][5] as Date).toISOString()).toBe('2026-03-10T09:00:00.000Z');
  });

  it('word search: term, location, user, company and the result picked', async () => {
    const rows = await build('super_admin/reports/word_search/26-03-10/26-03-10', 'word-search');
    expect(rows[0]).toEqual(['Search Term', 'Location', 'User', 'Email', 'Company', 'Result Picked', 'Searched (UTC)']);
    expect(rows.slice(1)).toHaveLength(1);
    expect(rows[1].slice(0, 2)).toEqual(['backup appliance', 'dashboard']);
    expect(rows[1].slice(3, 6)).toEqual([users.caller.email, ours.name, partner.name]);
  });

  it('managers: every business and program manager with company and contact', async () => {
    const rows = await build('super_admin/reports/managers', 'managers');
    expect(rows[0]).toEqual([
      'Company',
      'First Name',
      'Last Name',
      'Email',
      'Phone',
      'Role',
      'Status',
      'Last Login (UTC)',
    ]);
    const emails = rows.slice(1).map((row) => row[3]);
    expect(emails).toEqual(expect.arrayContaining([users.bm.email, users.pm.email, users.partnerBm.email]));
    expect(emails).not.toContain(users.caller.email);
    expect(emails).not.toContain(users.superAdmin.email);
    const bm = rows.find((row) => row[3] === users.bm.email)!;
    expect([bm[0], bm[5], bm[6]]).toEqual([ours.name, 'Business Manager', 'Active']);
    const pm = rows.find((row) => row[3] === users.pm.email)!;
    expect([pm[0], pm[5]]).toEqual([ours.name, 'Program Manager']);
    // Sorted by company name.
    const companies = rows.slice(1).map((row) => String(row[0]));
    expect(companies).toEqual([...companies].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('mail domain: users counted per e-mail domain and company, matched with the company domain', async () => {
    const rows = await build('super_admin/reports/mail_domain', 'mail-domain');
    expect(rows[0]).toEqual([
      'Mail Domain',
      'Company',
      'Company Domain',
      'Company Domain Match',
      'Users',
      'Active Users',
      'Last Login (UTC)',
    ]);
    const domain = domainOf(ours);
    const ourUsers = await orm(api).count(User, {
      company: ours.id,
      approvalStatus: 'approved',
      email: { $like: `%@${domain}` },
    });
    // The caller and the two managers made above.
    expect(ourUsers).toBe(3);
    const row = rows.find((cells) => cells[0] === domain && cells[1] === ours.name)!;
    expect(row).toBeDefined();
    expect(row[4]).toBe(ourUsers);
    expect(row[2]).toBe(domain);
    expect(row[3]).toBe('Yes');
  });

  it('user aged logins: every user with the days since the last login and its bucket', async () => {
    const rows = await build('super_admin/reports/user_aged_logins', 'user-aged-logins');
    expect(rows[0]).toEqual([
      'Last Login Age',
      'Days Since Last Login',
      'First Name',
      'Last Name',
      'Email',
      'Company',
      'Role',
      'Status',
      'Last Login (UTC)',
    ]);
    const pm = rows.find((row) => row[4] === users.pm.email)!;
    expect(pm.slice(0, 2)).toEqual(['31-60 days', 45]);
    const never = rows.filter((row) => row[0] === 'Never');
    expect(never.map((row) => row[4])).toContain(users.partnerCaller.email);
    // Never signed in first, then the longest idle.
    expect(rows[1][0]).toBe('Never');
    expect(never.every((row) => row[1] === null || row[1] === undefined)).toBe(true);
  });

  it('refuses dates that are not YY-MM-DD days and ranges that end before they start (422)', async () => {
    const bad = await get('super_admin/reports/user_logins/26-13-01/26-03-10').expect(422);
    expect(bad.body.errors.start).toEqual(['The start date must be a valid date (YY-MM-DD).']);
    const notDate = await get('super_admin/reports/word_search/26-03-10/yesterday').expect(422);
    expect(notDate.body.errors.end).toEqual(['The end date must be a valid date (YY-MM-DD).']);
    await get('super_admin/reports/proccesses_viewed/26-02-30/26-03-10').expect(422);
    const backwards = await get('super_admin/reports/proccesses_viewed/26-03-11/26-03-10').expect(422);
    expect(backwards.body.errors.end).toEqual(['The end date may not be before the start date.']);
    // The export call itself applies the same rule.
    const direct = await api
      .http()
      .post('/api/exports')
      .set(bearer(admin))
      .send({ kind: 'user_logins', params: { start: '26-03-11' } })
      .expect(422);
    expect(direct.body.errors['params.end']).toEqual(['The end date is required.']);
  });

  it.each(['business_manager', 'caller'] as const)('refuses every report to a %s (403)', async (role) => {
    const token = await signedIn(api, await aUser(api, { company: ours, role }));
    for (const path of [
      'super_admin/reports/user_logins/26-03-10/26-03-10',
      'super_admin/reports/proccesses_viewed/26-03-10/26-03-10',
      'super_admin/reports/word_search/26-03-10/26-03-10',
      'super_admin/reports/managers',
      'super_admin/reports/mail_domain',
      'super_admin/reports/user_aged_logins',
    ]) {
      await get(path, token).expect(403);
    }
    for (const kind of ['managers', 'mail_domain', 'user_aged_logins']) {
      await api.http().post('/api/exports').set(bearer(token)).send({ kind, params: {} }).expect(403);
    }
    await api
      .http()
      .post('/api/exports')
      .set(bearer(token))
      .send({ kind: 'user_logins', params: { start: '26-03-10', end: '26-03-10' } })
      .expect(403);
  });
});
