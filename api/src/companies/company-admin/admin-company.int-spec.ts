import {
  CHANGE_REQUEST_SENT,
  INTERNAL_NOTE_PREVIEW_LENGTH,
  MESSAGES,
  REGISTRATION_SETTINGS_SAVED,
  type AdminCompanyResponse,
} from '@casebridge/contracts';
import {
  ChangeRequest,
  Company,
  ContactDocument,
  Department,
  DocumentNote,
  User,
  type Community,
} from '@casebridge/db';
import { EntityManager } from '@mikro-orm/postgresql';
import { bearer, startApi, type ApiHarness } from '../../../../test/kit/api-harness';
import {
  aCompany,
  aDepartment,
  aGroup,
  aProcess,
  aUser,
  domainOf,
  emOf,
  settle,
  signedIn,
  uniqueName,
} from '../../../../test/kit/factories';

describe('company administration: company, departments, notes, relations, change requests, registration', () => {
  let api: ApiHarness;
  // Our company (premium, registration) with its admins, a caller and a pending registration; a partner company
  // that shares two groups with us (one open to all our users, one limited to our caller) and notes both ways.
  let ours: Company;
  let partner: Company;
  let users: Record<'bm' | 'pm' | 'caller' | 'pending' | 'partnerBm' | 'partnerPending', User>;
  let openGroup: Community;
  let limitedGroup: Community;
  let acme: string;
  let globex: string;
  let acmeInfo: AdminCompanyResponse;
  let globexInfo: AdminCompanyResponse;

  const get = (path: string, token: string) => api.http().get(`/api${path}`).set(bearer(token));
  const post = (path: string, token: string, body: object) =>
    api.http().post(`/api${path}`).set(bearer(token)).send(body);
  const em = () => api.app.get(EntityManager).fork();

  /** A company's internal note on another company's process, as the process page stores one. */
  async function aNote(author: User, on: ContactDocument, note: string) {
    const fork = emOf(api);
    fork.create(DocumentNote, {
      company: fork.getReference(Company, author.company!.id),
      document: fork.getReference(ContactDocument, on.id),
      user: fork.getReference(User, author.id),
      note,
    });
    await fork.flush();
  }

  beforeAll(async () => {
    api = await startApi();
    ours = await aCompany(api);
    partner = await aCompany(api);
    users = {
      bm: await aUser(api, { company: ours, role: 'business_manager' }),
      pm: await aUser(api, { company: ours, role: 'program_manager' }),
      caller: await aUser(api, { company: ours, role: 'caller' }),
      pending: await aUser(api, { company: ours, role: 'caller', label: 'olivia', approvalStatus: 'pending' }),
      partnerBm: await aUser(api, { company: partner, role: 'business_manager' }),
      partnerPending: await aUser(api, { company: partner, role: 'caller', approvalStatus: 'pending' }),
    };
    // Our admin is the signup manager, as a company's registration settings name one.
    await emOf(api).nativeUpdate(Company, { id: ours.id }, { signupManager: users.bm.id });
    openGroup = await aGroup(api, { members: [{ company: ours }, { company: partner }] });
    limitedGroup = await aGroup(api, { members: [{ company: ours, users: [users.caller] }, { company: partner }] });
    await aDepartment(api, ours);
    await aDepartment(api, ours);
    await aDepartment(api, partner);
    await aNote(users.bm, await aProcess(api, { company: partner }), 'Our first note');
    await aNote(users.partnerBm, await aProcess(api, { company: ours }), 'Their note');
    await settle(api);
    acme = await signedIn(api, users.bm);
    globex = await signedIn(api, users.partnerBm);
    acmeInfo = (await get('/admin/company', acme).expect(200)).body as AdminCompanyResponse;
    globexInfo = (await get('/admin/company', globex).expect(200)).body as AdminCompanyResponse;
  });
  afterAll(() => api.close());

  it('GET admin/company answers the own company with its links and registration settings', () => {
    expect(acmeInfo.company).toMatchObject({
      id: ours.id,
      slug: ours.slug,
      membership_type: 'premium',
      login_method_label: 'Requires Registration',
    });
    expect(globexInfo.company.slug).toBe(partner.slug);
    expect(acmeInfo.links.registration).toBe(true);
    expect(acmeInfo.registration.signup_manager_id).toBe(users.bm.id);
    expect(acmeInfo.signup_managers.map((user) => user.id)).toContain(users.bm.id);
    expect(acmeInfo.signup_managers.every((user) => user.email.endsWith(`@${domainOf(ours)}`))).toBe(true);
    expect(acmeInfo.groups.map((group) => group.name)).toEqual(
      expect.arrayContaining([openGroup.name, limitedGroup.name]),
    );
  });

  it('a program manager uses the same page; a caller is refused', async () => {
    const pm = await signedIn(api, users.pm);
    expect((await get('/admin/company', pm).expect(200)).body.company.id).toBe(acmeInfo.company.id);
    await get('/admin/company', await signedIn(api, users.caller)).expect(403);
  });

  it('departments of the own company only; another company id is 404', async () => {
    const own = await get(`/admin/company/${acmeInfo.company.id}/departments`, acme).expect(200);
    expect(own.body.departments).toHaveLength(2);
    const ids = (own.body.departments as { id: number }[]).map((department) => department.id);
    const stored = await em().find(Department, { company: acmeInfo.company.id });
    expect(ids.sort()).toEqual(stored.map((department) => department.id).sort());
    await get(`/admin/company/${globexInfo.company.id}/departments`, acme).expect(404);
  });

  it('internal notes are the own company notes, html stripped and truncated', async () => {
    const fork = em();
    const note = await fork.findOneOrFail(DocumentNote, { company: acmeInfo.company.id });
    note.note = `<p><b>Long</b> note</p>${'x'.repeat(400)}`;
    await fork.flush();

    const acmeNotes = (await get('/admin/company/internal_notes', acme).expect(200)).body.notes as {
      note: string;
      member: string;
    }[];
    expect(acmeNotes).toHaveLength(1);
    expect(acmeNotes[0].member).toBe(partner.name);
    expect(acmeNotes[0].note.startsWith('Long note')).toBe(true);
    expect(acmeNotes[0].note).not.toContain('<');
    expect(acmeNotes[0].note.length).toBeLessThanOrEqual(INTERNAL_NOTE_PREVIEW_LENGTH);

    const globexNotes = (await get('/admin/company/internal_notes', globex).expect(200)).body.notes as {
      member: string;
    }[];
    expect(globexNotes.map((row) => row.member)).toEqual([ours.name]);
  });

  it('relations list the own company group memberships', async () => {
    const rows = (await get('/admin/company/relations', acme).expect(200)).body.relations as {
      community: { name: string };
      department: { name: string } | null;
      user_access_flag: string;
    }[];
    expect(rows.map((row) => row.community.name)).toEqual(expect.arrayContaining([openGroup.name, limitedGroup.name]));
    expect(rows.some((row) => row.user_access_flag === 'limit')).toBe(true);
    const globexRows = (await get('/admin/company/relations', globex).expect(200)).body.relations as unknown[];
    const stored = await em().count('CompanyGroupRelation', { company: globexInfo.company.id, isActive: true });
    expect(globexRows).toHaveLength(stored);
  });

  it('a change request is stored for the own company and answers the 24-48 hours message', async () => {
    const street = uniqueName('main-st');
    const answer = await post('/admin/company/change', acme, {
      change_type: 'company',
      changes: `New address: <b>1 ${street}</b>`,
    }).expect(200);
    expect(answer.body).toMatchObject({ success: true, message: CHANGE_REQUEST_SENT });
    const stored = await em().find(ChangeRequest, { changes: `New address: 1 ${street}` }, { populate: ['user'] });
    expect(stored.map((row) => [row.company.id, row.user?.email])).toEqual([[acmeInfo.company.id, users.bm.email]]);

    const invalid = await post('/admin/company/change', acme, { change_type: '', changes: '' }).expect(422);
    expect(Object.keys(invalid.body.errors).sort()).toEqual(['change_type', 'changes']);
  });

  describe('registration settings', () => {
    const pmId = () => users.pm.id;
    const limitedGroupId = () => acmeInfo.groups.find((group) => group.user_access_flag === 'limit')!.id;
    const openGroups = () =>
      acmeInfo.groups.filter((group) => group.user_access_flag === 'all').map((group) => group.id);

    it('saves the choice; groups open to all users are always included', async () => {
      expect(limitedGroupId()).toBe(limitedGroup.id);
      expect(openGroups()).toEqual([openGroup.id]);
      const answer = await post('/admin/company/registration', acme, {
        requires_approval: 0,
        signup_manager_id: pmId(),
        alt_signup_manager_id: '',
        group_access: [limitedGroupId()],
      }).expect(200);
      expect(answer.body).toMatchObject({ success: true, message: REGISTRATION_SETTINGS_SAVED });
      expect(answer.body.settings).toEqual({
        requires_approval: 0,
        signup_manager_id: pmId(),
        alt_signup_manager_id: null,
        communities: [limitedGroupId(), ...openGroups()].sort((a, b) => a - b),
      });
      const company = await em().findOneOrFail(Company, { id: acmeInfo.company.id });
      expect(company.requiresApproval).toBe(false);
      expect(company.signupManager?.id).toBe(pmId());
    });

    it('422 per field: signup manager missing or of another company, groups not of my relations', async () => {
      const globexUser = globexInfo.signup_managers[0].id;
      const missing = await post('/admin/company/registration', acme, {
        requires_approval: 1,
        signup_manager_id: '',
      }).expect(422);
      expect(Object.keys(missing.body.errors)).toEqual(['signup_manager_id']);
      const foreign = await post('/admin/company/registration', acme, {
        requires_approval: 1,
        signup_manager_id: globexUser,
        alt_signup_manager_id: globexUser,
        group_access: [999999],
      }).expect(422);
      expect(Object.keys(foreign.body.errors).sort()).toEqual([
        'alt_signup_manager_id',
        'group_access',
        'signup_manager_id',
      ]);
      const bad = await post('/admin/company/registration', acme, {
        requires_approval: 5,
        signup_manager_id: pmId(),
      }).expect(422);
      expect(Object.keys(bad.body.errors)).toEqual(['requires_approval']);
      // Nothing of the partner changed our settings.
      expect((await em().findOneOrFail(Company, { id: acmeInfo.company.id })).signupManager?.id).toBe(pmId());
    });

    it('limited membership is refused with the membership message', async () => {
      const limited = await aCompany(api, { membershipType: 'limited' });
      const limitedBm = await signedIn(api, await aUser(api, { company: limited, role: 'business_manager' }));
      const info = (await get('/admin/company', limitedBm).expect(200)).body as AdminCompanyResponse;
      expect(info.links).toMatchObject({ registration: false, sso: false });
      const refused = await post('/admin/company/registration', limitedBm, {
        requires_approval: 1,
        signup_manager_id: info.signup_managers[0].id,
      }).expect(403);
      expect(refused.body.error).toBe(MESSAGES.membershipBlocked);
    });
  });

  describe('registration queue', () => {
    let oliviaId: number;

    it('lists the pending registrations of the own company only', async () => {
      const queue = (await get('/admin/company/registration/queue', acme).expect(200)).body.queue as {
        id: number;
        email: string;
      }[];
      const olivia = queue.find((row) => row.email === users.pending.email);
      expect(olivia).toBeDefined();
      oliviaId = olivia!.id;
      expect(queue.map((row) => row.email)).not.toContain(users.partnerPending.email);
      const globexQueue = (await get('/admin/company/registration/queue', globex).expect(200)).body.queue as {
        email: string;
      }[];
      expect(globexQueue.map((row) => row.email)).toContain(users.partnerPending.email);
      expect(globexQueue.some((row) => row.email.endsWith(`@${domainOf(ours)}`))).toBe(false);
    });

    it("another company's admin gets 404 and decides nothing", async () => {
      await get(`/admin/company/registration/${oliviaId}/approve`, globex).expect(404);
      await get(`/admin/company/registration/${oliviaId}/reject`, globex).expect(404);
      const queue = (await get('/admin/company/registration/queue', acme).expect(200)).body.queue as { id: number }[];
      expect(queue.map((row) => row.id)).toContain(oliviaId);
    });

    it('approves once, mails the applicant, then answers 409', async () => {
      const approved = await get(`/admin/company/registration/${oliviaId}/approve`, acme).expect(200);
      expect(approved.body).toMatchObject({ success: true, approved: true, message: MESSAGES.userApproved });
      await api.lastMailTo(users.pending.email, 'registration-approved');
      const again = await get(`/admin/company/registration/${oliviaId}/reject`, acme).expect(409);
      expect(again.body.error).toBe(MESSAGES.approvalAlreadyDecided);
      const queue = (await get('/admin/company/registration/queue', acme).expect(200)).body.queue as { id: number }[];
      expect(queue.map((row) => row.id)).not.toContain(oliviaId);
      await signedIn(api, users.pending);
    });
  });
});
