import { INVITE_CHOOSE_COMPANY, MESSAGES } from '@casebridge/contracts';
import { Company, Favorite, SavedSearch, SearchResultPick } from '@casebridge/db';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bearer, startApi, type ApiHarness } from '../../test/api-harness';
import { demoIds, directoryOf, orm, tokenOf, type DemoIds } from '../../test/member-fixtures';
import { INVITE_SENT, MISSING_PARTNER_SENT } from './outreach.service';

describe('dashboard: directory, favourites, searches, company note, invites, hints, companies, logos', () => {
  let api: ApiHarness;
  let ids: DemoIds;
  let storageDir: string;
  const tokens: Record<string, string> = {};
  const token = async (email: string) => (tokens[email] ??= await tokenOf(api, email));

  beforeAll(async () => {
    storageDir = await mkdtemp(join(tmpdir(), 'casebridge-directory-'));
    api = await startApi({ STORAGE_DIR: storageDir, MEMBERSHIP_EMAIL: 'membership@network.test' });
    ids = await demoIds(api);
  });
  afterAll(async () => {
    await api.close();
    await rm(storageDir, { recursive: true, force: true });
  });

  describe('GET /api/caller/company_directory', () => {
    it('lists the other active companies and their departments with tags and access, never the own company', async () => {
      const entries = await directoryOf(api, await token('caller@acme.test'));
      expect(entries.some((entry) => entry.company_id === ids.acme)).toBe(false);
      const globex = entries.find((entry) => entry.type === 'company' && entry.company_id === ids.globex)!;
      expect(globex).toMatchObject({
        company_name: 'Globex Storage',
        department_id: null,
        department_name: null,
        has_access: true,
        logo: null,
      });
      expect(globex.tags.map((tag) => tag.tag)).toEqual(expect.arrayContaining(['storage', 'san', 'backup']));
      const backup = entries.find((entry) => entry.department_id === ids.departments['Backup & Recovery'])!;
      expect(backup).toMatchObject({ type: 'department', company_id: ids.globex, has_access: true });
      expect(backup.tags).toEqual([{ tag: 'backup' }, { tag: 'recovery' }]);
      // Limited companies are listed too.
      const initech = entries.find((entry) => entry.type === 'company' && entry.company_id === ids.initech)!;
      expect(initech).toMatchObject({ has_access: true, tags: [{ tag: 'routing' }] });
    });

    it('tells access through partner groups: a member outside Storage Alliance cannot reach its documents', async () => {
      const entries = await directoryOf(api, await token('caller@umbrella.test'));
      const enterprise = entries.find(
        (entry) => entry.department_id === ids.departments['Enterprise Storage Support'],
      )!;
      // Its only process is offered to the Storage Alliance, which Umbrella is not in.
      expect(enterprise.has_access).toBe(false);
      expect(enterprise.tags.map((tag) => tag.tag)).toContain('storage');
      const acme = entries.find((entry) => entry.type === 'company' && entry.company_id === ids.acme)!;
      // Acme's manager escalation form is open to every member.
      expect(acme.has_access).toBe(true);
    });

    it('a limited membership reaches partners only through its groups', async () => {
      const entries = await directoryOf(api, await token('bm@initech.test'));
      const byCompany = (id: number) => entries.find((entry) => entry.type === 'company' && entry.company_id === id)!;
      expect(byCompany(ids.umbrella).has_access).toBe(true); // Cloud Connect, sponsored by Umbrella
      expect(byCompany(ids.globex).has_access).toBe(false);
      expect(byCompany(ids.acme).has_access).toBe(false);
    });
  });

  describe('favourites', () => {
    it('lists only the own favourites, with the document name', async () => {
      const list = (
        await api
          .http()
          .get('/api/caller/favorites')
          .set(bearer(await token('caller@acme.test')))
          .expect(200)
      ).body;
      expect(list).toHaveLength(2);
      expect(list[0]).toMatchObject({
        company_id: ids.globex,
        company: { name: 'Globex Storage', slug: 'globex' },
      });
      const names = list.map((favorite: { document: { name: string } | null }) => favorite.document?.name).sort();
      expect(names).toEqual(['Globex Backup Solution Support', 'Globex Storage Collaboration']);
    });

    it('toggle is idempotent: true twice keeps one row, false removes it', async () => {
      const bm = await token('bm@globex.test');
      const body = { company_id: ids.umbrella, type: 'company', is_favorite: true };
      await api
        .http()
        .post('/api/caller/favorites/toggle')
        .set(bearer(bm))
        .send(body)
        .expect(200, { is_favorite: true });
      await api
        .http()
        .post('/api/caller/favorites/toggle')
        .set(bearer(bm))
        .send(body)
        .expect(200, { is_favorite: true });
      const em = orm(api);
      expect(await em.count(Favorite, { user: { email: 'bm@globex.test' }, company: ids.umbrella })).toBe(1);
      await api
        .http()
        .post('/api/caller/favorites/toggle')
        .set(bearer(bm))
        .send({ ...body, is_favorite: false })
        .expect(200, { is_favorite: false });
      expect(await orm(api).count(Favorite, { user: { email: 'bm@globex.test' }, company: ids.umbrella })).toBe(0);
    });

    it('a department favourite keeps the document; department and document are checked', async () => {
      const bm = await token('bm@globex.test');
      const storage = ids.departments['Storage Engineering'];
      await api
        .http()
        .post('/api/caller/favorites/toggle')
        .set(bearer(bm))
        .send({
          company_id: ids.acme,
          type: 'department',
          department_id: storage,
          document_id: ids.documents['Acme Systems Collaboration'],
          is_favorite: true,
        })
        .expect(200);
      const list = (await api.http().get('/api/caller/favorites').set(bearer(bm)).expect(200)).body;
      expect(list).toContainEqual(
        expect.objectContaining({
          department_id: storage,
          department: { name: 'Storage Engineering' },
          document: { id: ids.documents['Acme Systems Collaboration'], name: 'Acme Systems Collaboration' },
        }),
      );
      // Department of another company, missing department, foreign document, own company, bad body.
      await api
        .http()
        .post('/api/caller/favorites/toggle')
        .set(bearer(bm))
        .send({
          company_id: ids.acme,
          type: 'department',
          department_id: ids.departments['Backup & Recovery'],
          is_favorite: true,
        })
        .expect(404);
      const missing = await api
        .http()
        .post('/api/caller/favorites/toggle')
        .set(bearer(bm))
        .send({ company_id: ids.acme, type: 'department', is_favorite: true })
        .expect(422);
      expect(missing.body.errors.department_id).toHaveLength(1);
      await api
        .http()
        .post('/api/caller/favorites/toggle')
        .set(bearer(bm))
        .send({
          company_id: ids.acme,
          type: 'company',
          document_id: ids.documents['Globex Support Policy'],
          is_favorite: true,
        })
        .expect(422);
      await api
        .http()
        .post('/api/caller/favorites/toggle')
        .set(bearer(bm))
        .send({ company_id: ids.globex, type: 'company', is_favorite: true })
        .expect(422);
      const bad = await api
        .http()
        .post('/api/caller/favorites/toggle')
        .set(bearer(bm))
        .send({ company_id: 'x', type: 'team', is_favorite: 'yes' })
        .expect(422);
      expect(Object.keys(bad.body.errors).sort()).toEqual(['company_id', 'is_favorite', 'type']);
      await api
        .http()
        .post('/api/caller/favorites/toggle')
        .set(bearer(bm))
        .send({ company_id: 999999, type: 'company', is_favorite: true })
        .expect(404);
    });

    it("Initech's user toggling Globex off removes nothing of Acme's favourites", async () => {
      const initech = await token('bm@initech.test');
      const before = await orm(api).count(Favorite, { company: ids.globex });
      await api
        .http()
        .post('/api/caller/favorites/toggle')
        .set(bearer(initech))
        .send({ company_id: ids.globex, type: 'company', is_favorite: false })
        .expect(200, { is_favorite: false });
      expect(await orm(api).count(Favorite, { company: ids.globex })).toBe(before);
      const own = (await api.http().get('/api/caller/favorites').set(bearer(initech)).expect(200)).body;
      expect(own.map((favorite: { company_id: number }) => favorite.company_id)).toEqual([ids.umbrella]);
    });
  });

  describe('searches', () => {
    it('save_search stores the term; result_to_search records a pick on the own search only', async () => {
      const caller = await token('caller@acme.test');
      const saved = await api
        .http()
        .post('/api/caller/save_search')
        .set(bearer(caller))
        .send({ term: 'glob', location: 'dashboard' })
        .expect(200);
      const searchId = saved.body.search.id as number;
      expect(typeof searchId).toBe('number');
      const search = await orm(api).findOneOrFail(SavedSearch, searchId, { populate: ['user'] });
      expect(search).toMatchObject({ term: 'glob', location: 'dashboard' });
      expect(search.user.email).toBe('caller@acme.test');

      await api
        .http()
        .post('/api/caller/result_to_search')
        .set(bearer(caller))
        .send({ member: 'Globex Storage', search_id: searchId })
        .expect(200, { success: true });
      expect(await orm(api).count(SearchResultPick, { search: searchId })).toBe(1);

      // Another user's search id is unknown to Globex's manager.
      await api
        .http()
        .post('/api/caller/result_to_search')
        .set(bearer(await token('bm@globex.test')))
        .send({ member: 'Acme Systems', search_id: searchId })
        .expect(404);
      expect(await orm(api).count(SearchResultPick, { search: searchId })).toBe(1);
    });

    it('refuses short terms (422) and limited memberships (403)', async () => {
      const caller = await token('caller@acme.test');
      const short = await api
        .http()
        .post('/api/caller/save_search')
        .set(bearer(caller))
        .send({ term: 'g', location: 'dashboard' })
        .expect(422);
      expect(short.body.errors.term[0]).toBe('The term must be at least 2 characters.');
      await api.http().post('/api/caller/result_to_search').set(bearer(caller)).send({ search_id: 'abc' }).expect(422);
      const limited = await api
        .http()
        .post('/api/caller/save_search')
        .set(bearer(await token('bm@initech.test')))
        .send({ term: 'umbrella', location: 'dashboard' })
        .expect(403);
      expect(limited.body.error).toBe(MESSAGES.membershipBlocked);
    });
  });

  describe('company note', () => {
    it('callers read it without editing; managers edit it, sanitized', async () => {
      const caller = await token('caller@acme.test');
      const read = await api.http().get('/api/caller/company_note').set(bearer(caller)).expect(200);
      expect(read.body).toEqual({ note: expect.stringContaining('Globex P1 cases'), can_edit: false });
      const refused = await api
        .http()
        .post('/api/caller/company_note')
        .set(bearer(caller))
        .send({ note: '<p>mine</p>' })
        .expect(403);
      expect(refused.body.error).toBe(MESSAGES.noAccess);

      const pm = await token('pm@acme.test');
      expect((await api.http().get('/api/caller/company_note').set(bearer(pm)).expect(200)).body.can_edit).toBe(true);
      const saved = await api
        .http()
        .post('/api/caller/company_note')
        .set(bearer(pm))
        .send({
          note: '<p onclick="steal()">Call <a href="javascript:alert(1)">Globex</a> <strong>first</strong></p><script>alert(1)</script><img src=x onerror=alert(1)>',
        })
        .expect(200);
      expect(saved.body.can_edit).toBe(true);
      expect(saved.body.note).not.toMatch(/script|onclick|onerror|javascript:/i);
      expect(saved.body.note).toContain('<strong>first</strong>');
      const again = await api.http().get('/api/caller/company_note').set(bearer(caller)).expect(200);
      expect(again.body.note).toBe(saved.body.note);
    });

    it('is per company: Globex reads its own note, never Acme’s', async () => {
      const globex = await api
        .http()
        .get('/api/caller/company_note')
        .set(bearer(await token('bm@globex.test')))
        .expect(200);
      expect(globex.body.note).toContain('Denver team');
      // Globex's note through the company page, as Acme: not given.
      const page = await api
        .http()
        .get(`/api/caller/companies/${ids.globex}`)
        .set(bearer(await token('caller@acme.test')))
        .expect(200);
      expect(page.body.company.note).toBeNull();
    });

    it('limited memberships get the membership alert; bad bodies 422', async () => {
      const initech = await token('bm@initech.test');
      const read = await api.http().get('/api/caller/company_note').set(bearer(initech)).expect(403);
      expect(read.body.error).toBe(MESSAGES.membershipBlocked);
      const write = await api
        .http()
        .post('/api/caller/company_note')
        .set(bearer(initech))
        .send({ note: 'x' })
        .expect(403);
      expect(write.body.error).toBe(MESSAGES.membershipBlocked);
      const bad = await api
        .http()
        .post('/api/caller/company_note')
        .set(bearer(await token('bm@acme.test')))
        .send({ note: 'x'.repeat(20_001) })
        .expect(422);
      expect(bad.body.errors.note).toHaveLength(1);
    });
  });

  describe('news', () => {
    it('answers an empty list when no blog is configured', async () => {
      await api
        .http()
        .get('/api/caller/news')
        .set(bearer(await token('caller@acme.test')))
        .expect(200, []);
    });
  });

  describe('invite and missing partner', () => {
    it('mails the membership team once per request', async () => {
      const caller = await token('caller@acme.test');
      const body = { company_id: ids.initech, comments: 'We share customers in Dallas.' };
      await api.http().post('/api/collaborate_invite').set(bearer(caller)).send(body).expect(200, {
        success: true,
        message: INVITE_SENT,
      });
      await api.http().post('/api/collaborate_invite').set(bearer(caller)).send(body).expect(200);
      const invites = (await api.mailJobs()).filter((job) => job.template === 'collaborate-invite');
      expect(invites).toHaveLength(1);
      expect(invites[0]).toMatchObject({
        to: ['membership@network.test'],
        variables: {
          first_name: 'Initech Networks',
          company: 'Acme Systems',
          link: 'http://casebridge.test/initech',
        },
      });
      expect(invites[0].variables.note).toContain('We share customers in Dallas.');
      expect(invites[0].variables.note).toContain('caller@acme.test');
    });

    it('refuses an unknown company (404), the own company and bad bodies (422)', async () => {
      const caller = await token('caller@acme.test');
      await api.http().post('/api/collaborate_invite').set(bearer(caller)).send({ company_id: 999999 }).expect(404);
      await api.http().post('/api/collaborate_invite').set(bearer(caller)).send({ company_id: ids.acme }).expect(422);
      // Without a company the message says what to do (not "The id must be a number.").
      for (const body of [{}, { company_id: '' }, { company_id: null }]) {
        const bad = await api.http().post('/api/collaborate_invite').set(bearer(caller)).send(body).expect(422);
        expect(bad.body.errors.company_id).toEqual([INVITE_CHOOSE_COMPANY]);
      }
    });

    it('reports a missing partner to the membership team', async () => {
      const initech = await token('bm@initech.test');
      const body = {
        company_name: 'Hooli Data',
        company_website: 'https://hooli.test',
        contact_name: 'Nina Brooks',
        contact_email: 'Nina@Hooli.test',
        comment: 'Their storage team asked to join.',
      };
      await api.http().post('/api/missing_partner_request').set(bearer(initech)).send(body).expect(200, {
        message: MISSING_PARTNER_SENT,
        error: null,
      });
      await api.http().post('/api/missing_partner_request').set(bearer(initech)).send(body).expect(200);
      const reports = (await api.mailJobs()).filter((job) => job.template === 'missing-partner');
      expect(reports).toHaveLength(1);
      expect(reports[0]).toMatchObject({
        to: ['membership@network.test'],
        variables: {
          first_name: 'Ivan Petrov',
          company: 'Initech Networks',
          partner: 'Hooli Data (https://hooli.test)',
        },
      });
      expect(reports[0].variables.note).toContain('nina@hooli.test');
      const bad = await api
        .http()
        .post('/api/missing_partner_request')
        .set(bearer(initech))
        .send({ company_name: '', contact_email: 'not-an-address' })
        .expect(422);
      expect(Object.keys(bad.body.errors).sort()).toEqual(['company_name', 'contact_email', 'contact_name']);
    });

    it('takes a web address as the partner website, refusing anything else', async () => {
      const initech = await token('bm@initech.test');
      const report = (company_website: string) =>
        api.http().post('/api/missing_partner_request').set(bearer(initech)).send({
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
      const hint = await api
        .http()
        .get('/api/help_hints/dashboard-search')
        .set(bearer(await token('caller@acme.test')))
        .expect(200);
      expect(hint.body).toEqual({
        title: 'Find a partner',
        content: expect.stringContaining('search the Casebridge directory'),
      });
      await api
        .http()
        .get('/api/help_hints/no-such-hint')
        .set(bearer(await token('caller@acme.test')))
        .expect(404);
    });
  });

  describe('GET /api/caller/companies/:id', () => {
    it('answers an active company with its active departments; unknown 404, bad id 422', async () => {
      const caller = await token('caller@acme.test');
      const page = await api.http().get(`/api/caller/companies/${ids.globex}`).set(bearer(caller)).expect(200);
      expect(page.body.company).toMatchObject({ id: ids.globex, slug: 'globex', name: 'Globex Storage' });
      expect(page.body.company.departments.map((department: { name: string }) => department.name)).toEqual([
        'Backup & Recovery',
        'Enterprise Storage Support',
      ]);
      const own = await api.http().get(`/api/caller/companies/${ids.acme}`).set(bearer(caller)).expect(200);
      // Its own note (edited by the program manager above).
      expect(own.body.company.note).toContain('<strong>first</strong>');
      await api.http().get('/api/caller/companies/999999').set(bearer(caller)).expect(404);
      await api.http().get('/api/caller/companies/abc').set(bearer(caller)).expect(422);
    });
  });

  describe('GET /resources/company_logo/:slug', () => {
    it('draws the initials when no logo is stored; unknown slug 404', async () => {
      const response = await api.http().get('/resources/company_logo/globex').expect(200);
      expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(response.body.toString()).toContain('>GS</text>');
      await api.http().get('/resources/company_logo/no-such-company').expect(404);
    });

    it('serves the stored logo with its content type, and the initials when the file is gone', async () => {
      const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
      await mkdir(join(storageDir, 'logos'), { recursive: true });
      await writeFile(join(storageDir, 'logos', 'acme.png'), png);
      const em = orm(api);
      const acme = await em.findOneOrFail(Company, { slug: 'acme' });
      const initech = await em.findOneOrFail(Company, { slug: 'initech' });
      acme.logoPath = 'logos/acme.png';
      initech.logoPath = '../../etc/passwd';
      await em.flush();

      const logo = await api.http().get('/resources/company_logo/acme').buffer(true).expect(200);
      expect(logo.headers['content-type']).toBe('image/png');
      expect(Buffer.compare(logo.body as Buffer, png)).toBe(0);
      // A path outside the storage folder is never read.
      const outside = await api.http().get('/resources/company_logo/initech').expect(200);
      expect(outside.headers['content-type']).toMatch(/^image\/svg\+xml/);

      const entries = await directoryOf(api, await token('bm@globex.test'));
      expect(entries.find((entry) => entry.company_id === ids.acme)?.logo).toBe('/resources/company_logo/acme');
    });
  });
});
