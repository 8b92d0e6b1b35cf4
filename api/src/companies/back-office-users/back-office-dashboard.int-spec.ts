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
import { bearer, startApi, type ApiHarness } from '../../../../test/kit/api-harness';
import { finishedExport } from '../../../test/export-files';
import { startExportWorker, type ExportWorker } from '../../../../test/kit/export-worker';
import { aCompany, aSuperAdmin, aUser, domainOf, signedIn, uniqueName } from '../../../../test/kit/factories';
import { orm, registrationBody } from '../../../../test/kit/member-fixtures';

const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 3600 * 1000);

const applicant = (email: string) => registrationBody(email, 'Queue');

describe('back office dashboard: search, registration queue; the Inactive Users list', () => {
  let api: ApiHarness;
  let worker: ExportWorker;
  let storage: string;
  let admin: string;
  // Our company (the search hit; approves registrations; a pending one, a business manager, a caller), a partner company
  // with a caller and a disabled user, and two super admins (the actor, and an idle one the lists must leave out).
  let ours: Company;
  let partner: Company;
  let users: Record<'bm' | 'caller' | 'pending' | 'partnerCaller' | 'partnerDisabled' | 'superAdmin', User>;

  const get = (path: string, token = admin) => api.http().get(`/api/${path}`).set(bearer(token));

  beforeAll(async () => {
    storage = await mkdtemp(join(tmpdir(), 'casebridge-sa-users-'));
    api = await startApi({ STORAGE_DIR: storage });
    worker = await startExportWorker();
    // Registrations on our company page wait for approval.
    ours = await aCompany(api, { requiresApproval: true });
    partner = await aCompany(api);
    users = {
      bm: await aUser(api, { company: ours, role: 'business_manager' }),
      caller: await aUser(api, { company: ours, role: 'caller' }),
      pending: await aUser(api, {
        company: ours,
        role: 'caller',
        approvalStatus: 'pending',
        label: 'olivia',
        overrides: { firstName: 'Olivia', createdAt: daysAgo(2) },
      }),
      partnerCaller: await aUser(api, {
        company: partner,
        role: 'caller',
        overrides: { firstName: 'Gabriel', lastName: uniqueName('Stone') },
      }),
      partnerDisabled: await aUser(api, {
        company: partner,
        role: 'caller',
        status: 'inactive',
        overrides: { lastLoginAt: daysAgo(INACTIVE_USER_DAYS + 500) },
      }),
      // Idle as long as anyone, yet never listed: super admins are not company users.
      superAdmin: await aSuperAdmin(api),
    };
    await aUser(api, {
      role: 'super_admin',
      overrides: { lastLoginAt: daysAgo(INACTIVE_USER_DAYS + 500), createdAt: daysAgo(600) },
    });
    admin = await signedIn(api, users.superAdmin);
  }, 60_000);
  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await rm(storage, { recursive: true, force: true });
  });

  describe('search', () => {
    it('finds companies by name or slug and users by name, full name or e-mail', async () => {
      // Part of the name (without its first letter) and the slug in capitals: each finds our company alone.
      const byName = (await get(`super_admin/search/company?term=${ours.name.slice(1)}`).expect(200)).body.results;
      expect(byName).toEqual([expect.objectContaining({ name: ours.name, slug: ours.slug })]);
      const bySlug = (await get(`super_admin/search/company?term=${ours.slug.toUpperCase()}`).expect(200)).body.results;
      expect(bySlug).toEqual([expect.objectContaining({ id: ours.id })]);
      // The e-mail up to the first letters of the domain.
      const email = users.partnerCaller.email;
      const term = encodeURIComponent(email.slice(0, email.indexOf('@') + 4));
      const found = (await get(`super_admin/search/user?term=${term}`).expect(200)).body.results;
      expect(found).toEqual([expect.objectContaining({ email, company_name: partner.name })]);
      const stored = await orm(api).findOneOrFail(User, users.partnerCaller.id);
      const byFullName = (
        await get(
          `super_admin/search/user?term=${encodeURIComponent(`${stored.firstName} ${stored.lastName}`)}`,
        ).expect(200)
      ).body.results as { id: number }[];
      expect(byFullName.map((hit) => hit.id)).toContain(stored.id);
      const byLastName = (await get(`super_admin/search/user?term=${stored.lastName}`).expect(200)).body.results;
      expect(byLastName).toEqual([expect.objectContaining({ id: stored.id })]);
    });

    it('no hits is an empty list; wildcards match themselves; super admins and pending users are not found', async () => {
      expect((await get('super_admin/search/company?term=zzqq').expect(200)).body.results).toEqual([]);
      expect((await get('super_admin/search/company?term=%25%25').expect(200)).body.results).toEqual([]);
      const search = (email: string) => get(`super_admin/search/user?term=${encodeURIComponent(email)}`).expect(200);
      expect((await search(users.superAdmin.email)).body.results).toEqual([]);
      expect((await search(users.pending.email)).body.results).toEqual([]);
    });

    it('a term under 2 characters is 422; members are 403', async () => {
      const short = await get('super_admin/search/user?term=a').expect(422);
      expect(Object.keys(short.body.errors)).toEqual(['term']);
      await get('super_admin/search/company').expect(422);
      for (const member of [users.bm, users.caller]) {
        const token = await signedIn(api, member);
        await get(`super_admin/search/company?term=${ours.slug}`, token).expect(403);
        await get(`super_admin/search/user?term=${ours.slug}`, token).expect(403);
      }
    });
  });

  describe('registration queue', () => {
    it("lists every company's pending registrations with the company name", async () => {
      const other = await aUser(api, { company: partner, role: 'caller', approvalStatus: 'pending' });
      const queue = (await get('super_admin/registration/queue').expect(200)).body.queue as SuperAdminRegistrationRow[];
      const ourRows = queue.filter((row) => row.id === users.pending.id || row.id === other.id);
      expect(ourRows).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ email: users.pending.email, first_name: 'Olivia', company_name: ours.name }),
          expect.objectContaining({ email: other.email, company_name: partner.name }),
        ]),
      );
      expect(ourRows).toHaveLength(2);
      // Every company's pending registrations and nothing else.
      const pending = await orm(api).find(User, { approvalStatus: 'pending', company: { $ne: null } });
      expect(queue.map((row) => row.id).sort((a, b) => a - b)).toEqual(
        pending.map((user) => user.id).sort((a, b) => a - b),
      );
      await get(`super_admin/registration/${other.id}/reject`).expect(200);
    });

    it('approve mails the applicant, pushes queue.changed and empties the row; a second decision is 409', async () => {
      const address = `queue.applicant@${domainOf(ours)}`;
      await api.http().post(`/api/caller/register/${ours.slug}`).send(applicant(address)).expect(200);
      const queue = (await get('super_admin/registration/queue').expect(200)).body.queue as SuperAdminRegistrationRow[];
      const row = queue.find((item) => item.email === address)!;
      expect(row.company_name).toBe(ours.name);

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
      const mail = await api.lastMailTo(address, 'registration-approved');
      expect(mail.variables).toMatchObject({ first_name: 'Queue', company: ours.name });
      const after = (await get('super_admin/registration/queue').expect(200)).body.queue as SuperAdminRegistrationRow[];
      expect(after.map((item) => item.id)).not.toContain(row.id);
      await get(`super_admin/registration/${row.id}/reject`).expect(409);
    });

    it('reject mails the applicant; unknown ids are 404; members are 403', async () => {
      const pending = users.pending;
      for (const member of [users.bm, users.caller]) {
        const token = await signedIn(api, member);
        await get('super_admin/registration/queue', token).expect(403);
        await get(`super_admin/registration/${pending.id}/approve`, token).expect(403);
        await get(`super_admin/registration/${pending.id}/reject`, token).expect(403);
      }
      await get('super_admin/registration/999999/approve').expect(404);
      await get('super_admin/registration/999999/reject').expect(404);
      const answer = await get(`super_admin/registration/${pending.id}/reject`).expect(200);
      expect(answer.body).toMatchObject({ success: true, approved: false, message: MESSAGES.userRejected });
      expect((await orm(api).findOneOrFail(User, pending.id)).approvalStatus).toBe('rejected');
      await api.lastMailTo(pending.email, 'registration-rejected');
    });
  });

  describe('Inactive Users list', () => {
    it('pages disabled and idle users, longest idle first, until an empty page', async () => {
      const em = orm(api);
      const company = em.getReference(Company, ours.id);
      const at = (local: string) => `${local}@${domainOf(ours)}`;
      // Enough idle users for two pages, plus a recent one and a pending one that must not be listed.
      for (let index = 0; index < INACTIVE_USERS_PAGE_SIZE + 5; index += 1) {
        em.create(User, {
          firstName: 'Idle',
          lastName: `User ${index}`,
          email: at(`idle.${index}`),
          company,
          lastLoginAt: daysAgo(INACTIVE_USER_DAYS + 200 - index),
          createdAt: daysAgo(400),
        });
      }
      em.create(User, { firstName: 'Recent', lastName: 'User', email: at('recent'), company });
      em.create(User, {
        firstName: 'Pending',
        lastName: 'User',
        email: at('pending.idle'),
        company,
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
      expect(emails).toContain(users.partnerDisabled.email);
      expect(emails).not.toContain(at('recent'));
      expect(emails).not.toContain(at('pending.idle'));
      expect(emails.filter((email) => email.endsWith('@factory.test'))).toEqual([]);
      // Our company's rows are exactly the idle users (not its recent, pending or signed-in members), in order.
      const idle = emails.filter((email) => email.endsWith(`@${domainOf(ours)}`));
      expect(idle).toEqual(Array.from({ length: INACTIVE_USERS_PAGE_SIZE + 5 }, (_, index) => at(`idle.${index}`)));
      expect(rows.find((row) => row.email === at('idle.0'))).toMatchObject({
        company_name: ours.name,
        role: 'caller',
        role_label: 'Standard User',
        status: 'active',
      });
      expect(rows.find((row) => row.email === users.partnerDisabled.email)?.status).toBe('inactive');
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
