import type { ExportShape } from '@casebridge/contracts';
import { Company, ContactDocument, LoginEvent, ProcessView, SavedSearch, SearchResultPick, User } from '@casebridge/db';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bearer, startApi, type ApiHarness } from '../../../test/api-harness';
import { exportSheetRows, finishedExport } from '../../../test/export-files';
import { startExportWorker, type ExportWorker } from '../../../test/export-worker';
import { orm } from '../../../test/member-fixtures';

const DAY = 24 * 3600 * 1000;
const FILE_NAME = (stem: string) => new RegExp(`^${stem}\\.\\d{6}\\.xlsx$`);

describe('super admin reports: six spreadsheets through the export queue', () => {
  let api: ApiHarness;
  let worker: ExportWorker;
  let storage: string;
  let admin: string;

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
    admin = await api.login('admin@casebridge.test');

    // Known rows on 2026-03-10, a day no seeded activity falls on, and one just outside the range.
    const em = orm(api);
    const caller = await em.findOneOrFail(User, { email: 'caller@acme.test' });
    const globexBm = await em.findOneOrFail(User, { email: 'bm@globex.test' });
    const globex = await em.findOneOrFail(Company, { slug: 'globex' });
    const process = await em.findOneOrFail(
      ContactDocument,
      { company: globex, deletedAt: null },
      { orderBy: { id: 'asc' } },
    );
    em.create(LoginEvent, { user: caller, ip: '10.9.9.9', createdAt: new Date('2026-03-10T08:30:00Z') });
    em.create(LoginEvent, { user: globexBm, ip: '10.9.9.8', createdAt: new Date('2026-03-11T00:00:00Z') });
    em.create(ProcessView, { user: caller, document: process, createdAt: new Date('2026-03-10T09:00:00Z') });
    const search = em.create(SavedSearch, {
      user: caller,
      term: 'backup appliance',
      location: 'dashboard',
      createdAt: new Date('2026-03-10T10:00:00Z'),
    });
    em.create(SearchResultPick, { search, member: 'Globex Storage', createdAt: new Date('2026-03-10T10:01:00Z') });
    // Aged logins: one user 45 days idle, one who never signed in.
    const pm = await em.findOneOrFail(User, { email: 'pm@acme.test' });
    pm.lastLoginAt = new Date(Date.now() - 45 * DAY - 3600 * 1000);
    const globexCaller = await em.findOneOrFail(User, { email: 'caller@globex.test' });
    globexCaller.lastLoginAt = null;
    await em.flush();
  });

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
      'caller@acme.test',
      'Acme Systems',
      'Standard User',
      'Requires Registration',
      '10.9.9.9',
    ]);
    expect(typeof name).toBe('string');
    expect((at as Date).toISOString()).toBe('2026-03-10T08:30:00.000Z');

    // The next day's login appears once the range covers it; full years are accepted too.
    const wider = await build('super_admin/reports/user_logins/2026-03-10/2026-03-11', 'user-logins');
    expect(wider.slice(1).map((row) => row[1])).toEqual(['caller@acme.test', 'bm@globex.test']);
  });

  it('processes viewed: viewer, company, process, its owner and the time', async () => {
    const rows = await build('super_admin/reports/proccesses_viewed/26-03-10/26-03-10', 'processes-viewed');
    expect(rows[0]).toEqual(['Viewer', 'Email', 'Company', 'Process', 'Process Owner', 'Viewed (UTC)']);
    expect(rows.slice(1)).toHaveLength(1);
    expect(rows[1].slice(1, 3)).toEqual(['caller@acme.test', 'Acme Systems']);
    expect(rows[1][4]).toBe('Globex Storage');
    expect((rows[1][5] as Date).toISOString()).toBe('2026-03-10T09:00:00.000Z');
  });

  it('word search: term, location, user, company and the result picked', async () => {
    const rows = await build('super_admin/reports/word_search/26-03-10/26-03-10', 'word-search');
    expect(rows[0]).toEqual(['Search Term', 'Location', 'User', 'Email', 'Company', 'Result Picked', 'Searched (UTC)']);
    expect(rows.slice(1)).toHaveLength(1);
    expect(rows[1].slice(0, 2)).toEqual(['backup appliance', 'dashboard']);
    expect(rows[1].slice(3, 6)).toEqual(['caller@acme.test', 'Acme Systems', 'Globex Storage']);
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
    expect(emails).toEqual(expect.arrayContaining(['bm@acme.test', 'pm@acme.test', 'bm@globex.test']));
    expect(emails).not.toContain('caller@acme.test');
    expect(emails).not.toContain('admin@casebridge.test');
    const bm = rows.find((row) => row[3] === 'bm@acme.test')!;
    expect([bm[0], bm[5], bm[6]]).toEqual(['Acme Systems', 'Business Manager', 'Active']);
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
    const em = orm(api);
    const acme = await em.findOneOrFail(Company, { slug: 'acme' });
    const acmeUsers = await em.count(User, {
      company: acme,
      approvalStatus: 'approved',
      email: { $like: '%@acme.test' },
    });
    const row = rows.find((cells) => cells[0] === 'acme.test' && cells[1] === 'Acme Systems')!;
    expect(row).toBeDefined();
    expect(row[4]).toBe(acmeUsers);
    expect(row[3]).toBe(acme.domain?.toLowerCase() === 'acme.test' ? 'Yes' : 'No');
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
    const pm = rows.find((row) => row[4] === 'pm@acme.test')!;
    expect(pm.slice(0, 2)).toEqual(['31-60 days', 45]);
    const never = rows.filter((row) => row[0] === 'Never');
    expect(never.map((row) => row[4])).toContain('caller@globex.test');
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

  it.each(['bm@acme.test', 'caller@acme.test'])('refuses every report to %s (403)', async (email) => {
    const token = await api.login(email);
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
