import { INVITE_CHOOSE_COMPANY, MESSAGES } from '@casebridge/contracts';
import {
  Company,
  ContactDocument,
  Department,
  Favorite,
  HelpHint,
  SavedSearch,
  SearchResultPick,
  User,
} from '@casebridge/db';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bearer, startApi, type ApiHarness } from '../../../test/kit/api-harness';
import {
  aCompany,
  aDepartment,
  aGroup,
  aProcess,
  aUser,
  emOf,
  settle,
  signedIn,
  uniqueName,
} from '../../../test/kit/factories';
import { directoryOf, orm } from '../../../test/kit/member-fixtures';
import { INVITE_SENT, MISSING_PARTNER_SENT } from './outreach.service';

describe('dashboard: directory, favourites, searches, company note, invites, hints, companies, logos', () => {
  let api: ApiHarness;
  let storageDir: string;
  // The network of this file: "acme" (us, premium) with a department its own process serves; "globex" (premium)
  // with processes open to all (one serving its Backup department) and one offered only to the alliance group we
  // share (serving its Enterprise department); "initech" (limited) in a group sponsored by "umbrella".
  let acme: Company;
  let globex: Company;
  let initech: Company;
  let umbrella: Company;
  let storageDepartment: Department;
  let backupDepartment: Department;
  let enterpriseDepartment: Department;
  let acmeProcess: ContactDocument;
  let globexCollaboration: ContactDocument;
  let globexBackup: ContactDocument;
  let users: Record<'acmeCaller' | 'acmePm' | 'acmeBm' | 'globexBm' | 'initechBm' | 'umbrellaCaller', User>;
  const tokens: Record<string, string> = {};
  const token = async (who: keyof typeof users) => (tokens[who] ??= await signedIn(api, users[who]));
  const named = (label: string) => `${label} ${uniqueName(label)}`;
  const get = (path: string, bearerToken: string) => api.http().get(path).set(bearer(bearerToken));
  const post = (path: string, bearerToken: string, body: object) =>
    api.http().post(path).set(bearer(bearerToken)).send(body);

  async function aFavorite(user: User, company: Company, department?: Department, document?: ContactDocument) {
    const em = emOf(api);
    em.create(Favorite, {
      user: em.getReference(User, user.id),
      company: em.getReference(Company, company.id),
      department: department ? em.getReference(Department, department.id) : null,
      document: document ? em.getReference(ContactDocument, document.id) : null,
    });
    await em.flush();
  }

  beforeAll(async () => {
    storageDir = await mkdtemp(join(tmpdir(), 'casebridge-directory-'));
    api = await startApi({ STORAGE_DIR: storageDir, MEMBERSHIP_EMAIL: 'membership@network.test' });
    acme = await aCompany(api, { name: named('Acme Systems'), note: '<p>Send Globex P1 cases to the hotline.</p>' });
    globex = await aCompany(api, { name: named('Globex Storage'), note: '<p>Ask the Denver team first.</p>' });
    initech = await aCompany(api, { name: named('Initech Networks'), membershipType: 'limited' });
    umbrella = await aCompany(api);
    // Made in the reverse order of their names: the company page lists them by name.
    enterpriseDepartment = await aDepartment(api, globex, { name: named('Enterprise Storage Support') });
    backupDepartment = await aDepartment(api, globex, { name: named('Backup & Recovery') });
    storageDepartment = await aDepartment(api, acme);
    acmeProcess = await aProcess(api, { company: acme, departments: [storageDepartment] });
    globexCollaboration = await aProcess(api, { company: globex, tags: ['storage', 'san'] });
    globexBackup = await aProcess(api, {
      company: globex,
      departments: [backupDepartment],
      tags: ['backup', 'recovery'],
    });
    await aProcess(api, { company: initech, tags: ['routing'] });
    const alliance = await aGroup(api, { members: [{ company: globex }, { company: acme }] });
    await aProcess(api, {
      company: globex,
      departments: [enterpriseDepartment],
      tags: ['storage'],
      groups: [alliance],
    });
    const umbrellaProcess = await aProcess(api, { company: umbrella });
    await aGroup(api, {
      sponsor: umbrella,
      members: [{ company: umbrella, process: umbrellaProcess }, { company: initech }],
      processes: [umbrellaProcess],
    });
    const overrides = { firstName: 'Ivan', lastName: 'Petrov' };
    users = {
      acmeCaller: await aUser(api, { company: acme, role: 'caller' }),
      acmePm: await aUser(api, { company: acme, role: 'program_manager' }),
      acmeBm: await aUser(api, { company: acme, role: 'business_manager' }),
      globexBm: await aUser(api, { company: globex, role: 'business_manager' }),
      initechBm: await aUser(api, { company: initech, role: 'business_manager', overrides }),
      umbrellaCaller: await aUser(api, { company: umbrella, role: 'caller' }),
    };
    await aFavorite(users.acmeCaller, globex, undefined, globexCollaboration);
    await aFavorite(users.acmeCaller, globex, backupDepartment, globexBackup);
    await aFavorite(users.initechBm, umbrella);
    await settle(api);
  });
  afterAll(async () => {
    await api.close();
    await rm(storageDir, { recursive: true, force: true });
  });

  describe('GET /api/caller/company_directory', () => {
    it('lists the other active companies and their departments with tags and access, never the own company', async () => {
      const entries = await directoryOf(api, await token('acmeCaller'));
      expect(entries.some((entry) => entry.company_id === acme.id)).toBe(false);
      const globexEntry = entries.find((entry) => entry.type === 'company' && entry.company_id === globex.id)!;
      expect(globexEntry).toMatchObject({
        company_name: globex.name,
        department_id: null,
        department_name: null,
        has_access: true,
        logo: null,
      });
      expect(globexEntry.tags.map((tag) => tag.tag)).toEqual(expect.arrayContaining(['storage', 'san', 'backup']));
      const backup = entries.find((entry) => entry.department_id === backupDepartment.id)!;
      expect(backup).toMatchObject({ type: 'department', company_id: globex.id, has_access: true });
      expect(backup.tags).toEqual([{ tag: 'backup' }, { tag: 'recovery' }]);
      // Limited companies are listed too.
      const initechEntry = entries.find((entry) => entry.type === 'company' && entry.company_id === initech.id)!;
      expect(initechEntry).toMatchObject({ has_access: true, tags: [{ tag: 'routing' }] });
    });

    it('tells access through partner groups: a member outside Storage Alliance cannot reach its documents', async () => {
      const entries = await directoryOf(api, await token('umbrellaCaller'));
      const enterprise = entries.find((entry) => entry.department_id === enterpriseDepartment.id)!;
      // Its only process is offered to the alliance group, which Umbrella is not in.
      expect(enterprise.has_access).toBe(false);
      expect(enterprise.tags.map((tag) => tag.tag)).toContain('storage');
      const acmeEntry = entries.find((entry) => entry.type === 'company' && entry.company_id === acme.id)!;
      // Acme's process is offered to nobody in particular: open to every full member.
      expect(acmeEntry.has_access).toBe(true);
    });

    it('a limited membership reaches partners only through its groups', async () => {
      const entries = await directoryOf(api, await token('initechBm'));
      const byCompany = (id: number) => entries.find((entry) => entry.type === 'company' && entry.company_id === id)!;
      expect(byCompany(umbrella.id).has_access).toBe(true); // the group sponsored by Umbrella
      expect(byCompany(globex.id).has_access).toBe(false);
      expect(byCompany(acme.id).has_access).toBe(false);
    });
  });

  describe('favourites', () => {
    it('lists only the own favourites, with the document name', async () => {
      const list = (await get('/api/caller/favorites', await token('acmeCaller')).expect(200)).body;
      expect(list).toHaveLength(2);
      expect(list[0]).toMatchObject({
        company_id: globex.id,
        company: { name: globex.name, slug: globex.slug },
      });
      const names = list.map((favorite: { document: { name: string } | null }) => favorite.document?.name).sort();
      expect(names).toEqual([globexBackup.name, globexCollaboration.name].sort());
    });

    it('toggle is idempotent: true twice keeps one row, false removes it', async () => {
      const bm = await token('globexBm');
      const body = { company_id: umbrella.id, type: 'company', is_favorite: true };
      await post('/api/caller/favorites/toggle', bm, body).expect(200, { is_favorite: true });
      await post('/api/caller/favorites/toggle', bm, body).expect(200, { is_favorite: true });
      const em = orm(api);
      expect(await em.count(Favorite, { user: users.globexBm.id, company: umbrella.id })).toBe(1);
      await post('/api/caller/favorites/toggle', bm, { ...body, is_favorite: false }).expect(200, {
        is_favorite: false,
      });
      expect(await orm(api).count(Favorite, { user: users.globexBm.id, company: umbrella.id })).toBe(0);
    });

    it('a department favourite keeps the document; department and document are checked', async () => {
      const bm = await token('globexBm');
      const storage = storageDepartment.id;
      await post('/api/caller/favorites/toggle', bm, {
        company_id: acme.id,
        type: 'department',
        department_id: storage,
        document_id: acmeProcess.id,
        is_favorite: true,
      }).expect(200);
      const list = (await get('/api/caller/favorites', bm).expect(200)).body;
      expect(list).toContainEqual(
        expect.objectContaining({
          department_id: storage,
          department: { name: storageDepartment.name },
          document: { id: acmeProcess.id, name: acmeProcess.name },
        }),
      );
      // Department of another company, missing department, foreign document, own company, bad body.
      await post('/api/caller/favorites/toggle', bm, {
        company_id: acme.id,
        type: 'department',
        department_id: backupDepartment.id,
        is_favorite: true,
      }).expect(404);
      const missing = await post('/api/caller/favorites/toggle', bm, {
        company_id: acme.id,
        type: 'department',
        is_favorite: true,
      }).expect(422);
      expect(missing.body.errors.department_id).toHaveLength(1);
      await post('/api/caller/favorites/toggle', bm, {
        company_id: acme.id,
        type: 'company',
        document_id: globexCollaboration.id,
        is_favorite: true,
      }).expect(422);
      await post('/api/caller/favorites/toggle', bm, {
        company_id: globex.id,
        type: 'company',
        is_favorite: true,
      }).expect(422);
      const bad = await post('/api/caller/favorites/toggle', bm, {
        company_id: 'x',
        type: 'team',
        is_favorite: 'yes',
      }).expect(422);
      expect(Object.keys(bad.body.errors).sort()).toEqual(['company_id', 'is_favorite', 'type']);
      await post('/api/caller/favorites/toggle', bm, { company_id: 999999, type: 'company', is_favorite: true }).expect(
        404,
      );
    });

    it("Initech's user toggling Globex off removes nothing of Acme's favourites", async () => {
      const initechToken = await token('initechBm');
      const before = await orm(api).count(Favorite, { company: globex.id });
      await post('/api/caller/favorites/toggle', initechToken, {
        company_id: globex.id,
        type: 'company',
        is_favorite: false,
      }).expect(200, { is_favorite: false });
      expect(await orm(api).count(Favorite, { company: globex.id })).toBe(before);
      const own = (await get('/api/caller/favorites', initechToken).expect(200)).body;
      expect(own.map((favorite: { company_id: number }) => favorite.company_id)).toEqual([umbrella.id]);
    });
  });

  describe('searches', () => {
    it('save_search stores the term; result_to_search records a pick on the own search only', async () => {
      const caller = await token('acmeCaller');
      const saved = await post('/api/caller/save_search', caller, { term: 'glob', location: 'dashboard' }).expect(200);
      const searchId = saved.body.search.id as number;
      expect(typeof searchId).toBe('number');
      const search = await orm(api).findOneOrFail(SavedSearch, searchId, { populate: ['user'] });
      expect(search).toMatchObject({ term: 'glob', location: 'dashboard' });
      expect(search.user.email).toBe(users.acmeCaller.email);

      await post('/api/caller/result_to_search', caller, { member: globex.name, search_id: searchId }).expect(200, {
        success: true,
      });
      expect(await orm(api).count(SearchResultPick, { search: searchId })).toBe(1);

      // Another user's search id is unknown to Globex's manager.
      await post('/api/caller/result_to_search', await token('globexBm'), {
        member: acme.name,
        search_id: searchId,
      }).expect(404);
      expect(await orm(api).count(SearchResultPick, { search: searchId })).toBe(1);
    });

    it('refuses short terms (422) and limited memberships (403)', async () => {
      const caller = await token('acmeCaller');
      const short = await post('/api/caller/save_search', caller, { term: 'g', location: 'dashboard' }).expect(422);
      expect(short.body.errors.term[0]).toBe('The term must be at least 2 characters.');
      await post('/api/caller/result_to_search', caller, { search_id: 'abc' }).expect(422);
      const limited = await post('/api/caller/save_search', await token('initechBm'), {
        term: 'umbrella',
        location: 'dashboard',
      }).expect(403);
      expect(limited.body.error).toBe(MESSAGES.membershipBlocked);
    });
  });

  describe('company note', () => {
    it('callers read it without editing; managers edit it, sanitized', async () => {
      const caller = await token('acmeCaller');
      const read = await get('/api/caller/company_note', caller).expect(200);
      expect(read.body).toEqual({ note: expect.stringContaining('Globex P1 cases'), can_edit: false });
      const refused = await post('/api/caller/company_note', caller, { note: '<p>mine</p>' }).expect(403);
      expect(refused.body.error).toBe(MESSAGES.noAccess);

      const pm = await token('acmePm');
      expect((await get('/api/caller/company_note', pm).expect(200)).body.can_edit).toBe(true);
      const saved = await post('/api/caller/company_note', pm, {
        note: '<p onclick="steal()">Call <a href="javascript:alert(1)">Globex</a> <strong>first</strong></p><script>alert(1)</script><img src=x onerror=alert(1)>',
      }).expect(200);
      expect(saved.body.can_edit).toBe(true);
      expect(saved.body.note).not.toMatch(/script|onclick|onerror|javascript:/i);
      expect(saved.body.note).toContain('<strong>first</strong>');
      const again = await get('/api/caller/company_note', caller).expect(200);
      expect(again.body.note).toBe(saved.body.note);
    });

    it('is per company: Globex reads its own note, never Acme’s', async () => {
      const globexNote = await get('/api/caller/company_note', await token('globexBm')).expect(200);
      expect(globexNote.body.note).toContain('Denver team');
      // Globex's note through the company page, as Acme: not given.
      const page = await get(`/api/caller/companies/${globex.id}`, await token('acmeCaller')).expect(200);
      expect(page.body.company.note).toBeNull();
    });

    it('limited memberships get the membership alert; bad bodies 422', async () => {
      const initechToken = await token('initechBm');
      const read = await get('/api/caller/company_note', initechToken).expect(403);
      expect(read.body.error).toBe(MESSAGES.membershipBlocked);
      const write = await post('/api/caller/company_note', initechToken, { note: 'x' }).expect(403);
      expect(write.body.error).toBe(MESSAGES.membershipBlocked);
      const bad = await post('/api/caller/company_note', await token('acmeBm'), { note: 'x'.repeat(20_001) }).expect(
        422,
      );
      expect(bad.body.errors.note).toHaveLength(1);
    });
  });

  describe('news', () => {
    it('answers an empty list when no blog is configured', async () => {
      await get('/api/caller/news', await token('acmeCaller')).expect(200, []);
    });
  });

  describe('invite and missing partner', () => {
    it('mails the membership team once per request', async () => {
      const caller = await token('acmeCaller');
      const body = { company_id: initech.id, comments: 'We share customers in Dallas.' };
      await post('/api/collaborate_invite', caller, body).expect(200, {
        success: true,
        message: INVITE_SENT,
      });
      await post('/api/collaborate_invite', caller, body).expect(200);
      const invites = (await api.mailJobs()).filter((job) => job.template === 'collaborate-invite');
      expect(invites).toHaveLength(1);
      expect(invites[0]).toMatchObject({
        to: ['membership@network.test'],
        variables: {
          first_name: initech.name,
          company: acme.name,
          link: `http://casebridge.test/${initech.slug}`,
        },
      });
      expect(invites[0].variables.note).toContain('We share customers in Dallas.');
      expect(invites[0].variables.note).toContain(users.acmeCaller.email);
    });

    it('refuses an unknown company (404), the own company and bad bodies (422)', async () => {
      const caller = await token('acmeCaller');
      await post('/api/collaborate_invite', caller, { company_id: 999999 }).expect(404);
      await post('/api/collaborate_invite', caller, { company_id: acme.id }).expect(422);
      // Without a company the message says what to do (not "The id must be a number.").
      for (const body of [{}, { company_id: '' }, { company_id: null }]) {
        const bad = await post('/api/collaborate_invite', caller, body).expect(422);
        expect(bad.body.errors.company_id).toEqual([INVITE_CHOOSE_COMPANY]);
      }
    });

    it('reports a missing partner to the membership team', async () => {
      const initechToken = await token('initechBm');
      const body = {
        company_name: 'Hooli Data',
        company_website: 'https://hooli.test',
        contact_name: 'Nina Brooks',
        contact_email: 'Nina@Hooli.test',
        comment: 'Their storage team asked to join.',
      };
      await post('/api/missing_partner_request', initechToken, body).expect(200, {
        message: MISSING_PARTNER_SENT,
        error: null,
      });
      await post('/api/missing_partner_request', initechToken, body).expect(200);
      const reports = (await api.mailJobs()).filter((job) => job.template === 'missing-partner');
      expect(reports).toHaveLength(1);
      expect(reports[0]).toMatchObject({
        to: ['membership@network.test'],
        variables: {
          first_name: 'Ivan Petrov',
          company: initech.name,
          partner: 'Hooli Data (https://hooli.test)',
        },
      });
      expect(reports[0].variables.note).toContain('nina@hooli.test');
      const bad = await post('/api/missing_partner_request', initechToken, {
        company_name: '',
        contact_email: 'not-an-address',
      }).expect(422);
      expect(Object.keys(bad.body.errors).sort()).toEqual(['company_name', 'contact_email', 'contact_name']);
    });

    it('takes a web address as the partner website, refusing anything else', async () => {
      const initechToken = await token('initechBm');
      const report = (company_website: string) =>
        post('/api/missing_partner_request', initechToken, {
          company_name: 'Pied Piper',
          company_website,
          contact_name: 'Richard Hendricks',
          contact_email: 'richard@piedpiper.test',
        });
      for (const website of ['not a url', 'piedpiper', 'javascript:alert(1)', 'mailto:x@piedpiper.test']) {
        const bad = await report(website).expect(422);
        expect(bad.body.errors).toEqual({
          company_website: ['The company website must be a web address, such as https://example.com.'],
        });
      }
      // A bare host name is read as https.
      await report('www.piedpiper.test/about').expect(200);
      const mail = (await api.mailJobs()).filter((job) => job.template === 'missing-partner').pop()!;
      expect(mail.variables.partner).toBe('Pied Piper (https://www.piedpiper.test/about)');
    });
  });

  describe('help hints', () => {
    it('fills {content.x} placeholders; an unknown flag is 404', async () => {
      const flag = uniqueName('hint');
      const em = emOf(api);
      em.create(HelpHint, { flag, title: 'Find a partner', content: 'Search the {content.product} directory.' });
      await em.flush();
      await settle(api);
      const hint = await get(`/api/help_hints/${flag}`, await token('acmeCaller')).expect(200);
      expect(hint.body).toEqual({ title: 'Find a partner', content: 'Search the Casebridge directory.' });
      await get('/api/help_hints/no-such-hint', await token('acmeCaller')).expect(404);
    });
  });

  describe('GET /api/caller/companies/:id', () => {
    it('answers an active company with its active departments; unknown 404, bad id 422', async () => {
      const caller = await token('acmeCaller');
      const page = await get(`/api/caller/companies/${globex.id}`, caller).expect(200);
      expect(page.body.company).toMatchObject({ id: globex.id, slug: globex.slug, name: globex.name });
      expect(page.body.company.departments.map((department: { name: string }) => department.name)).toEqual([
        backupDepartment.name,
        enterpriseDepartment.name,
      ]);
      const own = await get(`/api/caller/companies/${acme.id}`, caller).expect(200);
      // Its own note (edited by the program manager above).
      expect(own.body.company.note).toContain('<strong>first</strong>');
      await get('/api/caller/companies/999999', caller).expect(404);
      await get('/api/caller/companies/abc', caller).expect(422);
    });
  });

  describe('GET /resources/company_logo/:slug', () => {
    it('draws the initials when no logo is stored; unknown slug 404', async () => {
      const response = await api.http().get(`/resources/company_logo/${globex.slug}`).expect(200);
      expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(response.body.toString()).toContain('>GS</text>');
      await api.http().get('/resources/company_logo/no-such-company').expect(404);
    });

    it('serves the stored logo with its content type, and the initials when the file is gone', async () => {
      const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
      await mkdir(join(storageDir, 'logos'), { recursive: true });
      await writeFile(join(storageDir, 'logos', `${acme.slug}.png`), png);
      const em = orm(api);
      await em.nativeUpdate(Company, { id: acme.id }, { logoPath: `logos/${acme.slug}.png` });
      await em.nativeUpdate(Company, { id: initech.id }, { logoPath: '../../etc/passwd' });
      await settle(api);

      const logo = await api.http().get(`/resources/company_logo/${acme.slug}`).buffer(true).expect(200);
      expect(logo.headers['content-type']).toBe('image/png');
      expect(Buffer.compare(logo.body as Buffer, png)).toBe(0);
      // A path outside the storage folder is never read.
      const outside = await api.http().get(`/resources/company_logo/${initech.slug}`).expect(200);
      expect(outside.headers['content-type']).toMatch(/^image\/svg\+xml/);

      const entries = await directoryOf(api, await token('globexBm'));
      expect(entries.find((entry) => entry.company_id === acme.id)?.logo).toBe(`/resources/company_logo/${acme.slug}`);
    });
  });
});
