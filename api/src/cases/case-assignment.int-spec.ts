import type { CaseDetail, CaseListRow, NotificationItem } from '@casebridge/contracts';
import { CaseEvent, CaseReader, type Case, type User } from '@casebridge/db';
import { bearer, startApi, type ApiHarness } from '../../../test/kit/api-harness';
import { aCase, aCompany, aProcess, aSuperAdmin, aUser, emOf, signedIn } from '../../../test/kit/factories';

/**
 * Owners (issue 29): each side of a case names one of its own active users, or nobody. The choice is checked (422
 * for anyone else, 403 for a super admin, 409 once the case is over), recorded once as an entry of that side, shown
 * on the case page and in the lists, and the new owner watches the case, is told in the bell and by mail.
 */
describe('assigning a case to one of the side’s users (real PostgreSQL and Redis)', () => {
  let api: ApiHarness;
  let kase: Case;
  let owner: User;
  let colleague: User;
  const tokens = { ours: '', owner: '', partner: '', admin: '' };
  const foreign = { partnerUser: 0, inactive: 0 };

  const assign = (token: string, userId: number | null, caseToken = kase.token) =>
    api.http().post(`/api/caller/case/${caseToken}/assignee`).set(bearer(token)).send({ user_id: userId });
  const detail = async (token: string) =>
    (await api.http().get(`/api/caller/case-details/${kase.token}`).set(bearer(token)).expect(200)).body
      .case as CaseDetail;
  const entries = () => emOf(api).count(CaseEvent, { case: kase.id, type: 'assigned' });

  beforeAll(async () => {
    api = await startApi();
    const [ourCompany, partnerCompany] = [await aCompany(api), await aCompany(api)];
    const me = await aUser(api, { company: ourCompany, role: 'caller', label: 'Submitter' });
    owner = await aUser(api, { company: ourCompany, role: 'caller', label: 'Owner' });
    colleague = await aUser(api, { company: ourCompany, role: 'business_manager', label: 'Colleague' });
    const inactive = await aUser(api, { company: ourCompany, role: 'caller', label: 'Gone', status: 'inactive' });
    const partner = await aUser(api, { company: partnerCompany, role: 'business_manager' });
    foreign.inactive = inactive.id;
    foreign.partnerUser = partner.id;
    tokens.ours = await signedIn(api, me);
    tokens.owner = await signedIn(api, owner);
    tokens.partner = await signedIn(api, partner);
    tokens.admin = await signedIn(api, await aSuperAdmin(api));
    kase = await aCase(api, { from: me, to: await aProcess(api, { company: partnerCompany }), status: 'accepted' });
  });
  afterAll(async () => {
    await api?.close();
  });

  it("offers the side's active users only, by name", async () => {
    const answer = await api
      .http()
      .get(`/api/caller/case/${kase.token}/assignees`)
      .set(bearer(tokens.ours))
      .expect(200);
    const ids = (answer.body.users as { id: number }[]).map((user) => user.id);
    expect(ids).toEqual(expect.arrayContaining([owner.id, colleague.id]));
    expect(ids).not.toContain(foreign.inactive);
    expect(ids).not.toContain(foreign.partnerUser);
    await api.http().get(`/api/caller/case/${kase.token}/assignees`).set(bearer(tokens.admin)).expect(403);
  });

  it('refuses anyone but an active user of the side (422 on user_id) and a super admin (403), writing nothing', async () => {
    for (const userId of [foreign.partnerUser, foreign.inactive, 999_999]) {
      const refused = await assign(tokens.ours, userId).expect(422);
      expect(refused.body.errors).toEqual({ user_id: ['Choose an active user of your company.'] });
    }
    await assign(tokens.admin, owner.id).expect(403);
    expect(await entries()).toBe(0);
    expect((await detail(tokens.ours)).assignee).toBeNull();
  });

  it('names the owner on its side only, once, and the owner watches the case, sees it in the bell and gets a mail', async () => {
    const answer = await assign(tokens.ours, owner.id).expect(200);
    const named = { id: owner.id, full_name: owner.fullName };
    expect(answer.body).toEqual({ assignee: named });
    // The same choice again changes nothing: no second entry, no second mail.
    await assign(tokens.ours, owner.id).expect(200);
    expect(await entries()).toBe(1);

    const ours = await detail(tokens.ours);
    expect(ours.assignee).toEqual(named);
    expect(ours.timeline.at(-1)).toMatchObject({ type: 'assigned', actor: expect.any(String), assigned_to: named });
    const partner = await detail(tokens.partner);
    expect(partner.assignee).toBeNull();
    expect(partner.timeline.map((entry) => entry.type)).not.toContain('assigned');
    expect((await detail(tokens.admin)).assignee).toBeNull();

    const rows = (await api.http().get('/api/caller/get-cases/company?limit=100').set(bearer(tokens.ours)).expect(200))
      .body.data as CaseListRow[];
    expect(rows.find((row) => row.token === kase.token)?.assignee).toEqual(named);
    const partnerRows = (
      await api.http().get('/api/caller/get-cases/company?limit=100').set(bearer(tokens.partner)).expect(200)
    ).body.data as CaseListRow[];
    expect(partnerRows.find((row) => row.token === kase.token)?.assignee).toBeNull();

    const reader = await emOf(api).findOneOrFail(CaseReader, { user: owner.id, case: kase.id });
    expect(reader.watching).toBe(true);
    const bell = (await api.http().get('/api/caller/notifications').set(bearer(tokens.owner)).expect(200)).body as {
      items: NotificationItem[];
      unread_total: number;
    };
    expect(bell.items[0]).toMatchObject({ case_token: kase.token, type: 'assigned', unread: true });
    const mail = await api.lastMailTo(owner.email, 'case-assigned');
    expect(mail.variables).toMatchObject({ case_number: kase.internalCaseNumber, first_name: owner.firstName });
    expect(mail.dedupeKey).toBe(`case-assigned-${kase.id}-${ours.timeline.at(-1)?.seq}`);
  });

  it('hands the case on and clears its owner, each an entry of the timeline', async () => {
    await assign(tokens.owner, colleague.id).expect(200);
    await assign(tokens.owner, null).expect(200);
    const ours = await detail(tokens.ours);
    expect(ours.assignee).toBeNull();
    expect(ours.timeline.filter((entry) => entry.type === 'assigned').map((entry) => entry.assigned_to)).toEqual([
      { id: owner.id, full_name: owner.fullName },
      { id: colleague.id, full_name: colleague.fullName },
      null,
    ]);
  });

  it('keeps the owner of a closed case as it was (409)', async () => {
    await api.http().post(`/api/caller/case/${kase.token}/close`).set(bearer(tokens.ours)).send({}).expect(200);
    const before = await entries();
    await assign(tokens.ours, owner.id).expect(409);
    expect(await entries()).toBe(before);
    expect((await detail(tokens.ours)).controls.can_assign).toBe(false);
  });
});
