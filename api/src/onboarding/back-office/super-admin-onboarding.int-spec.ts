import {
  memberApprovedMessage,
  MESSAGES,
  ONBOARDING_NOT_PENDING,
  ONBOARDING_REJECTED,
  ONBOARDING_SESSION_NOT_FOUND,
  SERVER_EVENTS,
  SOCKET_PATH,
  type OnboardingQueueRow,
  type QueueChangedMessage,
} from '@casebridge/contracts';
import {
  Company,
  CompanyGroupRelation,
  ContactDocument,
  DocumentGroup,
  OnboardingSession,
  User,
  type Community,
} from '@casebridge/db';
import { io } from 'socket.io-client';
import { bearer, startApi, type ApiHarness } from '../../../../test/kit/api-harness';
import {
  aCompany,
  aGroup,
  aProcess,
  aSignedInUser,
  aSuperAdmin,
  aUser,
  signedIn,
  uniqueName,
} from '../../../../test/kit/factories';
import { orm } from '../../../../test/kit/member-fixtures';
import { contactBody, NEW_PASSWORD, OnboardingClient, PROCESS_DOCUMENT } from '../../../test/onboarding-fixtures';

const ALL_AGREEMENTS = { code_of_conduct: true, database_license: true, addendum: true };

describe('back office: onboarding queue and review (save, approve, reject)', () => {
  let api: ApiHarness;
  let edge: OnboardingClient;
  let edgeGroup: Community;
  let admin: string;
  let manager: string;
  let caller: string;

  const get = (path: string, token = admin) => api.http().get(`/api/${path}`).set(bearer(token));
  const post = (path: string, body: object, token = admin) =>
    api.http().post(`/api/${path}`).set(bearer(token)).send(body);

  /** A new company's complete application to the free edge program, sent for review. */
  async function submitNew(email: string, companyName: string): Promise<OnboardingSession> {
    const session = await edge.start(email);
    const contact = contactBody(session.token, email, edge.countryId);
    await edge.post('validate_contact', { ...contact, company: { ...contact.company, name: companyName } }).expect(200);
    await edge.post('agreements', { session_token: session.token, agreements: ALL_AGREEMENTS }).expect(200);
    await edge.post('register', { session_token: session.token, document: PROCESS_DOCUMENT }).expect(200);
    return orm(api).findOneOrFail(OnboardingSession, { token: session.token });
  }

  /** The review form as the page sends it: the session's data with the reviewer's changes. */
  async function formOf(id: number) {
    const { session } = (await get(`super_admin/onboarding/${id}`).expect(200)).body;
    return {
      sf_opportunity: session.sf_opportunity,
      company: session.data.company,
      user: session.data.user,
      document: session.data.document,
      agreements: session.data.agreements,
    };
  }

  beforeAll(async () => {
    api = await startApi();
    // A free partner program nobody has joined yet, whose new members agree to its code of conduct and license.
    const host = await aCompany(api, { membershipType: 'elite' });
    const hostProcess = await aProcess(api, { company: host });
    const vhost = uniqueName('edge');
    edgeGroup = await aGroup(api, {
      sponsor: host,
      overrides: {
        name: `Edge Program ${vhost}`,
        vhost,
        document: hostProcess.id,
        codeOfConductPath: `groups/${vhost}/code-of-conduct.pdf`,
        currentLicensePath: `groups/${vhost}/license.pdf`,
      },
    });
    edge = await new OnboardingClient(api, vhost).load();
    admin = await signedIn(api, await aSuperAdmin(api));
    const company = await aCompany(api);
    manager = (await aSignedInUser(api, { company, role: 'business_manager' })).token;
    caller = (await aSignedInUser(api, { company, role: 'caller' })).token;
  }, 60_000);
  afterAll(async () => {
    await api?.close();
  });

  it('lists sessions sent for review first, leaves drafts out, and is for super admins only', async () => {
    const draft = await edge.startWithContact('draft@queue-co.test');
    const pending = await submitNew('owner@queue-co.test', 'Queue Co');

    const queue = (await get('super_admin/onboarding/queue').expect(200)).body.queue as OnboardingQueueRow[];
    expect(queue[0].status).toBe('pending_review');
    const row = queue.find((item) => item.id === pending.id);
    expect(row).toEqual({
      id: pending.id,
      company_name: 'Queue Co',
      group_name: edgeGroup.name,
      status: 'pending_review',
      created_at: pending.createdAt.toISOString(),
      sf_opportunity: null,
    });
    const draftRow = await orm(api).findOneOrFail(OnboardingSession, { token: draft.token });
    expect(queue.map((item) => item.id)).not.toContain(draftRow.id);

    await get('super_admin/onboarding/queue', manager).expect(403);
    await get('super_admin/onboarding/queue', caller).expect(403);
    await api.http().get('/api/super_admin/onboarding/queue').expect(401);
  });

  it('shows a session for review without its password hash, with its group and the countries', async () => {
    const session = await submitNew('owner@review-co.test', 'Review Co');
    expect(session.data.password_hash).toMatch(/^\$argon2id\$/);

    const answer = await get(`super_admin/onboarding/${session.id}`).expect(200);
    expect(answer.text).not.toContain('password_hash');
    expect(answer.text).not.toContain('$argon2');
    expect(answer.body.session).toMatchObject({
      id: session.id,
      email: 'owner@review-co.test',
      status: 'pending_review',
      applicant: 'new',
      company: null,
      reviewable: true,
      data: {
        company: { name: 'Review Co', city: 'Austin', zipcode: '73301' },
        user: { first_name: 'Nina', last_name: 'Brooks', email: 'owner@review-co.test' },
        document: PROCESS_DOCUMENT,
      },
    });
    expect(answer.body.group).toMatchObject({ name: edgeGroup.name, vhost: edgeGroup.vhost, free: true });
    expect(answer.body.countries.length).toBeGreaterThan(10);

    const countries = await get('caller/countries', caller).expect(200);
    expect(countries.body.countries).toEqual(answer.body.countries);

    const missing = await get('super_admin/onboarding/999999').expect(404);
    expect(missing.body).toEqual({ error: ONBOARDING_SESSION_NOT_FOUND });
    await get('super_admin/onboarding/abc').expect(422);
    await get(`super_admin/onboarding/${session.id}`, manager).expect(403);
  });

  it('saves the reviewed data, answering field errors with the onboarding keys and changing nothing then', async () => {
    const session = await submitNew('owner@save-co.test', 'Save Co');
    const form = await formOf(session.id);

    const invalid = await post(`super_admin/onboarding/${session.id}/put`, {
      ...form,
      company: { ...form.company, name: '' },
      user: { ...form.user, email: 'not-an-address' },
      document: { ...form.document, support_email: 'nope' },
    }).expect(422);
    expect(Object.keys(invalid.body.errors)).toEqual(
      expect.arrayContaining(['company.name', 'user.email', 'document.support_email']),
    );
    const noDocument = await post(`super_admin/onboarding/${session.id}/put`, { ...form, document: null }).expect(422);
    expect(Object.keys(noDocument.body.errors)).toEqual(expect.arrayContaining(['document.support_hours']));
    expect((await formOf(session.id)).company.name).toBe('Save Co');

    const saved = await post(`super_admin/onboarding/${session.id}/put`, {
      ...form,
      sf_opportunity: 'OPP-4711',
      company: { ...form.company, name: 'Save Company Ltd' },
      document: { ...form.document, support_hours: '8x5' },
    }).expect(200);
    expect(saved.body).toMatchObject({ success: true, message: MESSAGES.onboardingSessionUpdated });
    expect(saved.body.session).toMatchObject({
      status: 'pending_review',
      sf_opportunity: 'OPP-4711',
      data: { company: { name: 'Save Company Ltd' }, document: { support_hours: '8x5' } },
    });
    // The hash the applicant's account will be made with is kept through a save.
    const stored = await orm(api).findOneOrFail(OnboardingSession, session.id, { refresh: true });
    expect(stored.data.password_hash).toBe(session.data.password_hash);

    await post(`super_admin/onboarding/${session.id}/put`, form, manager).expect(403);
    await post('super_admin/onboarding/999999/put', form).expect(404);
  });

  it('approves a new company: company, business manager, process and group relation; the member signs in', async () => {
    const email = 'nina@approve-co.test';
    const session = await submitNew(email, 'Approve Co');
    const form = await formOf(session.id);
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

    const answer = await post(`super_admin/onboarding/${session.id}/approve`, {
      ...form,
      sf_opportunity: 'OPP-1',
    }).expect(200);
    expect(answer.body).toEqual({
      success: true,
      message: memberApprovedMessage('Casebridge'),
      company_id: expect.any(Number),
    });
    expect(answer.body.message).toBe('Member has been approved and is now part of Casebridge connect.');
    await expect(pushed).resolves.toEqual({
      queue: 'onboarding',
      removed: false,
      row: expect.objectContaining({ company_name: 'Approve Co', status: 'approved' }),
    });
    socket.close();

    const em = orm(api);
    const company = await em.findOneOrFail(Company, answer.body.company_id);
    expect(company).toMatchObject({
      name: 'Approve Co',
      slug: 'approve-co',
      url: 'https://hooli.test',
      membershipType: 'standard',
      status: 'active',
      loginMethod: 'requires_registration',
    });
    const user = await em.findOneOrFail(User, { email }, { populate: ['country'] });
    expect(user).toMatchObject({
      firstName: 'Nina',
      lastName: 'Brooks',
      role: 'business_manager',
      registrationType: 'onboarding',
      status: 'active',
      approvalStatus: 'approved',
      city: 'Austin',
    });
    expect(user.company?.id).toBe(company.id);
    expect(user.country?.id).toBe(edge.countryId);
    const document = await em.findOneOrFail(ContactDocument, { company }, { populate: ['currentVersion'] });
    expect(document.currentVersion).toMatchObject({
      documentType: 'ticket',
      status: 'approved',
      supportHours: '24x7',
      productSupported: 'Hooli storage gateways',
      collaborateEmail: 'support@hooli.test',
    });
    expect(document.currentVersion?.adminNote).toContain('Gavin Belson');
    const relation = await em.findOneOrFail(CompanyGroupRelation, { company }, { populate: ['users'] });
    expect(relation).toMatchObject({ isActive: true, userAccessFlag: 'all', memberRelationship: 'one_to_many' });
    expect(relation.community.id).toBe(edge.group.id);
    expect(relation.document?.id).toBe(document.id);
    expect(await em.count(DocumentGroup, { document, community: edge.group.id })).toBe(1);
    const stored = await em.findOneOrFail(OnboardingSession, session.id, { refresh: true });
    expect(stored.status).toBe('approved');
    expect(stored.sfOpportunity).toBe('OPP-1');

    const mail = await api.lastMailTo(email, 'onboarding-approved');
    expect(mail.variables).toEqual({
      first_name: 'Nina',
      company: 'Approve Co',
      group: edgeGroup.name,
      link: 'http://casebridge.test/approve-co',
    });

    // The new member signs in with the password chosen during onboarding.
    const token = await api.login(email, NEW_PASSWORD);
    const me = await get('auth/middleware', token).expect(200);
    expect(me.body).toMatchObject({ authorized: true, role: 'business_manager' });

    // Decided: every decision is now 409, and nothing changes.
    const again = await post(`super_admin/onboarding/${session.id}/approve`, form).expect(409);
    expect(again.body).toEqual({ error: ONBOARDING_NOT_PENDING });
    await post(`super_admin/onboarding/${session.id}/reject`, {}).expect(409);
    await post(`super_admin/onboarding/${session.id}/put`, form).expect(409);
    expect(await em.count(Company, { name: 'Approve Co' })).toBe(1);
  });

  it('gives a second company of the same name its own slug, and refuses an address that has an account', async () => {
    const first = await submitNew('a@twin-co.test', 'Twin Co');
    const second = await submitNew('b@twin-co.test', 'Twin Co');
    await post(`super_admin/onboarding/${first.id}/approve`, await formOf(first.id)).expect(200);
    const approved = await post(`super_admin/onboarding/${second.id}/approve`, await formOf(second.id)).expect(200);
    expect((await orm(api).findOneOrFail(Company, approved.body.company_id)).slug).toBe('twin-co-2');

    const taken = await submitNew('c@twin-co.test', 'Taken Co');
    const form = await formOf(taken.id);
    const holder = await aUser(api, { company: await aCompany(api), role: 'business_manager' });
    const refused = await post(`super_admin/onboarding/${taken.id}/approve`, {
      ...form,
      user: { ...form.user, email: holder.email },
    }).expect(422);
    expect(Object.keys(refused.body.errors)).toEqual(['user.email']);
    // Nothing of the refused approval was written, not even the form.
    expect(await orm(api).count(Company, { name: 'Taken Co' })).toBe(0);
    expect((await orm(api).findOneOrFail(OnboardingSession, taken.id, { refresh: true })).status).toBe(
      'pending_review',
    );
    await post(`super_admin/onboarding/${taken.id}/approve`, form, caller).expect(403);
    await post('super_admin/onboarding/999999/approve', form).expect(404);
  });

  it('approves an existing member with the process it chose and restricted user access', async () => {
    const member = await aCompany(api);
    // The member's second process is the one it chooses (not simply its first).
    await aProcess(api, { company: member });
    const memberDocument = await aProcess(api, { company: member });
    const { email } = await aUser(api, { company: member, role: 'business_manager' });
    const session = await edge.start(email);
    const contact = contactBody(session.token, email, edge.countryId);
    // Named, so the check below finds any company an approval might wrongly make from the contact step.
    const contactCompany = `Contact Co ${uniqueName('contact')}`;
    await edge
      .post('validate_contact', {
        ...contact,
        company: { ...contact.company, name: contactCompany },
        user: { ...contact.user, password: null, password_confirmation: null },
      })
      .expect(200);
    await edge
      .post('register/existing', {
        session_token: session.token,
        document_id: memberDocument.id,
        user_access: 'restricted',
      })
      .expect(200);
    const stored = await orm(api).findOneOrFail(OnboardingSession, { token: session.token });

    const review = (await get(`super_admin/onboarding/${stored.id}`).expect(200)).body.session;
    expect(review).toMatchObject({
      applicant: 'existing',
      company: { id: member.id, name: member.name },
      document_choice: {
        document_id: memberDocument.id,
        document_name: memberDocument.name,
        user_access: 'restricted',
      },
    });
    const answer = await post(`super_admin/onboarding/${stored.id}/approve`, await formOf(stored.id)).expect(200);
    expect(answer.body.company_id).toBe(member.id);
    // No new company: neither one from the contact step nor a second one of the member's.
    expect(await orm(api).count(Company, { name: { $in: [contactCompany, member.name] } })).toBe(1);
    const relation = await orm(api).findOneOrFail(
      CompanyGroupRelation,
      { company: member.id, community: edge.group.id },
      { populate: ['users'] },
    );
    expect(relation).toMatchObject({ isActive: true, userAccessFlag: 'limit' });
    expect(relation.document?.id).toBe(memberDocument.id);
    expect(relation.users.getItems().map((user) => user.email)).toEqual([email]);
    expect((await api.lastMailTo(email, 'onboarding-approved')).variables.company).toBe(member.name);
  });

  it('rejects a session and mails the applicant; a decided or unknown session cannot be rejected', async () => {
    const session = await submitNew('owner@reject-co.test', 'Reject Co');
    await post(`super_admin/onboarding/${session.id}/reject`, {}, manager).expect(403);
    const answer = await post(`super_admin/onboarding/${session.id}/reject`, {}).expect(200);
    expect(answer.body).toEqual({ success: true, message: ONBOARDING_REJECTED });
    expect((await orm(api).findOneOrFail(OnboardingSession, session.id, { refresh: true })).status).toBe('rejected');
    expect(await orm(api).count(Company, { name: 'Reject Co' })).toBe(0);
    const mail = await api.lastMailTo('owner@reject-co.test', 'onboarding-rejected');
    expect(mail.variables).toMatchObject({ first_name: 'Nina', company: 'Reject Co', group: edgeGroup.name });

    await post(`super_admin/onboarding/${session.id}/reject`, {}).expect(409);
    await post('super_admin/onboarding/999999/reject', {}).expect(404);
    // Decided, it leaves the default (pending) view and is listed under its decision.
    const queue = async (query: string) =>
      (await get(`super_admin/onboarding/queue${query}`).expect(200)).body.queue as OnboardingQueueRow[];
    expect((await queue('')).map((row) => row.id)).not.toContain(session.id);
    expect((await queue('?status=rejected')).find((row) => row.id === session.id)?.status).toBe('rejected');
  });

  it('shows the sessions waiting for review by default; a filter shows approved, rejected or all', async () => {
    const waiting = await submitNew('owner@filter-wait.test', 'Filter Wait Co');
    const approved = await submitNew('owner@filter-yes.test', 'Filter Yes Co');
    const rejected = await submitNew('owner@filter-no.test', 'Filter No Co');
    await post(`super_admin/onboarding/${approved.id}/approve`, await formOf(approved.id)).expect(200);
    await post(`super_admin/onboarding/${rejected.id}/reject`, {}).expect(200);
    const queue = async (query: string) =>
      (await get(`super_admin/onboarding/queue${query}`).expect(200)).body.queue as OnboardingQueueRow[];
    const statuses = (rows: OnboardingQueueRow[]) => [...new Set(rows.map((row) => row.status))].sort();

    const byDefault = await queue('');
    expect(statuses(byDefault)).toEqual(['pending_review']);
    expect(byDefault.map((row) => row.id)).toContain(waiting.id);
    expect(await queue('?status=pending_review')).toEqual(byDefault);

    const yes = await queue('?status=approved');
    expect(statuses(yes)).toEqual(['approved']);
    // Newest decision first.
    expect(yes[0].id).toBe(approved.id);
    const no = await queue('?status=rejected');
    expect(statuses(no)).toEqual(['rejected']);
    expect(no[0].id).toBe(rejected.id);

    // All: the waiting ones first, then the decided ones.
    const all = await queue('?status=all');
    const firstDecided = all.findIndex((row) => row.status !== 'pending_review');
    expect(all.slice(0, firstDecided)).toEqual(byDefault);
    expect(all.map((row) => row.id)).toEqual(expect.arrayContaining([waiting.id, approved.id, rejected.id]));

    expect((await get('super_admin/onboarding/queue?status=in_progress').expect(422)).body.errors.status).toBeDefined();
  });
});
