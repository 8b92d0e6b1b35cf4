import {
  INACTIVE_USER_DAYS,
  INACTIVE_USERS_PAGE_SIZE,
  MESSAGES,
  SERVER_EVENTS,
  SOCKET_PATH,
  type ExportShape,
  type InactiveUserRow,
  type QueueChangedMessage,
  type SuperAdminRegistrationRow,
} from '@casebridge/contracts';
import { Company, User } from '@casebridge/db';
import ExcelJS from 'exceljs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { io } from 'socket.io-client';
import { bearer, startApi, type ApiHarness } from '../../../test/api-harness';
import { finishedExport } from '../../../test/export-files';
import { startExportWorker, type ExportWorker } from '../../../test/export-worker';
import { orm } from '../../../test/member-fixtures';

const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 3600 * 1000);

const applicant = (email: string) => ({
  first_name: 'Queue',
  last_name: 'Applicant',
  email,
  phone: '555 0100',
  phone_country_code: 'US',
  password: 'Str0ng!Pass',
  password_confirmation: 'Str0ng!Pass',
  agree_confirm: true,
});

describe('back office dashboard: search, registration queue; the Inactive Users list', () => {
  let api: ApiHarness;
  let worker: ExportWorker;
  let storage: string;
  let admin: string;

  const get = (path: string, token = admin) => api.http().get(`/api/${path}`).set(bearer(token));

  beforeAll(async () => {
    storage = await mkdtemp(join(tmpdir(), 'casebridge-sa-users-'));
    api = await startApi({ STORAGE_DIR: storage });
    worker = await startExportWorker();
    admin = await api.login('admin@casebridge.test');
  }, 60_000);
  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await rm(storage, { recursive: true, force: true });
  });

  describe('search', () => {
    it('finds companies by name or slug and users by name, full name or e-mail', async () => {
      const companies = (await get('super_admin/search/company?term=acm').expect(200)).body.results;
      expect(companies).toEqual([expect.objectContaining({ name: 'Acme Systems', slug: 'acme' })]);
      const users = (await get('super_admin/search/user?term=caller@glo').expect(200)).body.results;
      expect(users).toEqual([expect.objectContaining({ email: 'caller@globex.test', company_name: 'Globex Storage' })]);
      const stored = await orm(api).findOneOrFail(User, { email: 'caller@globex.test' });
      const byName = (
        await get(
          `super_admin/search/user?term=${encodeURIComponent(`${stored.firstName} ${stored.lastName}`)}`,
        ).expect(200)
      ).body.results as { id: number }[];
      expect(byName.map((hit) => hit.id)).toContain(stored.id);
    });

    it('no hits is an empty list; wildcards match themselves; super admins and pending users are not found', async () => {
      expect((await get('super_admin/search/company?term=zzqq').expect(200)).body.results).toEqual([]);
      expect((await get('super_admin/search/company?term=%25%25').expect(200)).body.results).toEqual([]);
      expect((await get('super_admin/search/user?term=admin@casebridge').expect(200)).body.results).toEqual([]);
      expect((await get('super_admin/search/user?term=olivia.chen').expect(200)).body.results).toEqual([]);
    });

    it('a term under 2 characters is 422; members are 403', async () => {
      const short = await get('super_admin/search/user?term=a').expect(422);
      expect(Object.keys(short.body.errors)).toEqual(['term']);
      await get('super_admin/search/company').expect(422);
      for (const email of ['bm@acme.test', 'caller@acme.test']) {
        const token = await api.login(email);
        await get('super_admin/search/company?term=acme', token).expect(403);
        await get('super_admin/search/user?term=acme', token).expect(403);
      }
    });
  });

  describe('registration queue', () => {
    it("lists every company's pending registrations with the company name", async () => {
      const queue = (await get('super_admin/registration/queue').expect(200)).body.queue as SuperAdminRegistrationRow[];
      expect(queue).toEqual([
        expect.objectContaining({ email: 'olivia.chen@acme.test', first_name: 'Olivia', company_name: 'Acme Systems' }),
      ]);
    });

    it('approve mails the applicant, pushes queue.changed and empties the row; a second decision is 409', async () => {
      await api.http().post('/api/caller/register/acme').send(applicant('queue.applicant@acme.test')).expect(200);
      const queue = (await get('super_admin/registration/queue').expect(200)).body.queue as SuperAdminRegistrationRow[];
      const row = queue.find((item) => item.email === 'queue.applicant@acme.test')!;
      expect(row.company_name).toBe('Acme Systems');

      const socket = io(api.url, {
        path: SOCKET_PATH,
        auth: { token: admin },
        transports: ['websocket'],
        forceNew: true,
      });
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const pushed = new Promise<QueueChangedMessage>((resolve) => socket.once(SERVER_EVENTS.queueChanged, resolve));
      const answer = await get(`super_admin/registration/${row.id}/approve`).expect(200);
      expect(answer.body).toMatchObject({ success: true, approved: true, message: MESSAGES.userApproved });
      // The decided row leaves the queue.
      await expect(pushed).resolves.toEqual({ queue: 'registration', removed: true, row: row });
      socket.close();

      expect((await orm(api).findOneOrFail(User, row.id)).approvalStatus).toBe('approved');
      const mail = await api.lastMailTo('queue.applicant@acme.test', 'registration-approved');
      expect(mail.variables).toMatchObject({ first_name: 'Queue', company: 'Acme Systems' });
      const after = (await get('super_admin/registration/queue').expect(200)).body.queue as SuperAdminRegistrationRow[];
      expect(after.map((item) => item.id)).not.toContain(row.id);
      await get(`super_admin/registration/${row.id}/reject`).expect(409);
    });

    it('reject mails the applicant; unknown ids are 404; members are 403', async () => {
      const pending = await orm(api).findOneOrFail(User, { email: 'olivia.chen@acme.test' });
      for (const email of ['bm@acme.test', 'caller@acme.test']) {
        const token = await api.login(email);
        await get('super_admin/registration/queue', token).expect(403);
        await get(`super_admin/registration/${pending.id}/approve`, token).expect(403);
        await get(`super_admin/registration/${pending.id}/reject`, token).expect(403);
      }
      await get('super_admin/registration/999999/approve').expect(404);
      await get('super_admin/registration/999999/reject').expect(404);
      const answer = await get(`super_admin/registration/${pending.id}/reject`).expect(200);
      expect(answer.body).toMatchObject({ success: true, approved: false, message: MESSAGES.userRejected });
      expect((await orm(api).findOneOrFail(User, pending.id)).approvalStatus).toBe('rejected');
      await api.lastMailTo('olivia.chen@acme.test', 'registration-rejected');
    });
  });

  describe('Inactive Users list', () => {
    it('pages disabled and idle users, longest idle first, until an empty page', async () => {
      const em = orm(api);
      const acme = await em.findOneOrFail(Company, { slug: 'acme' });
      // Enough idle users for two pages, plus a recent one and a pending one that must not be listed.
      for (let index = 0; index < INACTIVE_USERS_PAGE_SIZE + 5; index += 1) {
        em.create(User, {
          firstName: 'Idle',
          lastName: `User ${index}`,
          email: `idle.${index}@acme.test`,
          company: acme,
          lastLoginAt: daysAgo(INACTIVE_USER_DAYS + 200 - index),
          createdAt: daysAgo(400),
        });
      }
      em.create(User, { firstName: 'Recent', lastName: 'User', email: 'recent@acme.test', company: acme });
      em.create(User, {
        firstName: 'Pending',
        lastName: 'User',
        email: 'pending.idle@acme.test',
        company: acme,
        approvalStatus: 'pending',
        createdAt: daysAgo(400),
      });
      await em.flush();

      const rows: InactiveUserRow[] = [];
      for (let page = 1; ; page += 1) {
        const body = (await get(`super_admin/users/list/${page}`).expect(200)).body;
        expect(body).toMatchObject({ page, per_page: INACTIVE_USERS_PAGE_SIZE });
        if (body.users.length === 0) break;
        rows.push(...(body.users as InactiveUserRow[]));
      }
      const emails = rows.map((row) => row.email);
      expect(emails).toContain('martin.keller@globex.test');
      expect(emails).not.toContain('recent@acme.test');
      expect(emails).not.toContain('pending.idle@acme.test');
      expect(emails).not.toContain('admin@casebridge.test');
      const idle = emails.filter((email) => email.startsWith('idle.'));
      expect(idle).toEqual(
        Array.from({ length: INACTIVE_USERS_PAGE_SIZE + 5 }, (_, index) => `idle.${index}@acme.test`),
      );
      expect(rows.find((row) => row.email === 'idle.0@acme.test')).toMatchObject({
        company_name: 'Acme Systems',
        role: 'caller',
        role_label: 'Standard User',
        status: 'active',
      });
      expect(rows.find((row) => row.email === 'martin.keller@globex.test')?.status).toBe('inactive');
      expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
      await get('super_admin/users/list/0').expect(422);
    });

    it('exports the same users as a spreadsheet', async () => {
      const started = (await get('super_admin/users/export').expect(200)).body.export as ExportShape;
      expect(started.kind).toBe('inactive_users');
      expect((await finishedExport(api, admin, started)).status).toBe('ready');
      const file = await get(`exports/${started.id}/download`)
        .buffer(true)
        .parse((response, done) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => done(null, Buffer.concat(chunks)));
        })
        .expect(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(file.body as ArrayBuffer);
      const sheet: unknown[][] = [];
      workbook.worksheets[0].eachRow((row) => sheet.push((row.values as unknown[]).slice(1)));
      expect(sheet[0]).toEqual(['First Name', 'Last Name', 'Email', 'Company', 'Role', 'Last Login (UTC)', 'Status']);
      const listed: string[] = [];
      for (let page = 1; ; page += 1) {
        const users = (await get(`super_admin/users/list/${page}`).expect(200)).body.users as InactiveUserRow[];
        if (!users.length) break;
        listed.push(...users.map((row) => row.email));
      }
      expect(sheet.slice(1).map((row) => row[2])).toEqual(listed);
    });
  });
});
