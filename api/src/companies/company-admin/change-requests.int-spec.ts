import { CHANGE_REQUEST_DONE, CHANGE_REQUEST_SENT, SERVER_EVENTS, type ChangeRequestRow } from '@casebridge/contracts';
import { bearer, startApi, type ApiHarness } from '../../../../test/kit/api-harness';
import { collect, connectLive, type LiveClient } from '../../../test/live-clients';
import type { Company } from '@casebridge/db';
import { aCompany, aSuperAdmin, aUser, FACTORY_PASSWORD } from '../../../../test/kit/factories';

/** Issue 17 point 1: change requests are mailed, listed with their state on both sides, and marked done live. */
describe('company change requests', () => {
  let api: ApiHarness;
  // Our company with two admins, another company with one, and the back office.
  let ours: Company;
  let other: Company;
  const emails = { bm: '', pm: '', otherBm: '', superAdmin: '' };
  const sockets: LiveClient[] = [];
  const tokens: Record<string, string> = {};
  const token = async (email: string) => (tokens[email] ??= await api.login(email, FACTORY_PASSWORD));
  const get = async (path: string, email: string) =>
    api
      .http()
      .get(`/api/${path}`)
      .set(bearer(await token(email)));
  const post = async (path: string, email: string, body: object = {}) =>
    api
      .http()
      .post(`/api/${path}`)
      .set(bearer(await token(email)))
      .send(body);

  beforeAll(async () => {
    api = await startApi({ MEMBERSHIP_EMAIL: 'membership@network.test' });
    ours = await aCompany(api);
    other = await aCompany(api);
    const bm = await aUser(api, {
      company: ours,
      role: 'business_manager',
      overrides: { firstName: 'Alice', lastName: 'Carter' },
    });
    emails.bm = bm.email;
    emails.pm = (await aUser(api, { company: ours, role: 'program_manager' })).email;
    emails.otherBm = (await aUser(api, { company: other, role: 'business_manager' })).email;
    emails.superAdmin = (await aSuperAdmin(api)).email;
  }, 60_000);
  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    await api?.close();
  });

  const live = async (email: string) => {
    const socket = await connectLive(api, { token: await token(email) });
    sockets.push(socket);
    return collect(socket, SERVER_EVENTS.changeRequestChanged);
  };

  it('mails the membership team, lists the request for the company and the back office, and marks it done', async () => {
    const [pm, superAdmin] = [await live(emails.pm), await live(emails.superAdmin)];

    const sent = await post('admin/company/change', emails.bm, {
      change_type: 'Company address',
      changes: 'Move us to <b>1 Main St</b>\nSuite 200',
    });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ success: true, message: CHANGE_REQUEST_SENT });
    const row = sent.body.change_request as ChangeRequestRow;
    expect(row).toMatchObject({
      company_id: ours.id,
      change_type: 'Company address',
      changes: 'Move us to 1 Main St\nSuite 200',
      state: 'open',
      done_at: null,
      done_by: null,
      requested_by: { name: 'Alice Carter', email: emails.bm },
    });

    // Through the worker (the mail queue), to MEMBERSHIP_EMAIL, with the company, requester, type, text and link.
    const mail = await api.lastMailTo('membership@network.test', 'change-request');
    expect(mail.variables).toEqual({
      company: ours.name,
      requester_name: 'Alice Carter',
      requester_email: emails.bm,
      change_type: 'Company address',
      note: 'Move us to 1 Main St\nSuite 200',
      link: `http://casebridge.test/super_admin/companies/${ours.id}`,
    });

    // The other admin's company page and the back office get the row itself.
    expect((await pm.next((message) => message.row.id === row.id)).row).toEqual(row);
    expect((await superAdmin.next((message) => message.row.id === row.id)).row).toEqual(row);

    // Listed with its state for the company's admins and the back office; not for another company.
    const mine = await get('admin/company/change_requests', emails.pm);
    expect(mine.status).toBe(200);
    expect(mine.body.change_requests[0]).toEqual(row);
    const back = await get(`super_admin/companies/${ours.id}/change_requests`, emails.superAdmin);
    expect(back.body.change_requests[0]).toEqual(row);
    const otherList = await get('admin/company/change_requests', emails.otherBm);
    expect(otherList.body.change_requests.map((item: ChangeRequestRow) => item.id)).not.toContain(row.id);

    // Marked done by the super admin: the admins' page hears it with the row.
    const done = await post(`super_admin/companies/${ours.id}/change_requests/${row.id}/done`, emails.superAdmin);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      success: true,
      message: CHANGE_REQUEST_DONE,
      change_request: { id: row.id, state: 'done', done_by: { email: emails.superAdmin } },
    });
    const pushed = await pm.next((message) => message.row.id === row.id && message.row.state === 'done');
    expect(pushed.row).toEqual(done.body.change_request);
    const after = await get('admin/company/change_requests', emails.bm);
    expect(after.body.change_requests[0]).toEqual(done.body.change_request);

    // Again: stays as it was (idempotent).
    const again = await post(`super_admin/companies/${ours.id}/change_requests/${row.id}/done`, emails.superAdmin);
    expect(again.body.change_request).toEqual(done.body.change_request);
  });

  it('refuses a request of another company, unknown ones and company admins marking done', async () => {
    const sent = await post('admin/company/change', emails.otherBm, { change_type: 'Logo', changes: 'New logo' });
    const id = (sent.body.change_request as ChangeRequestRow).id;
    const wrongCompany = await post(`super_admin/companies/${ours.id}/change_requests/${id}/done`, emails.superAdmin);
    expect(wrongCompany.status).toBe(404);
    expect((await get('super_admin/companies/999999/change_requests', emails.superAdmin)).status).toBe(404);
    expect((await post(`super_admin/companies/${other.id}/change_requests/${id}/done`, emails.otherBm)).status).toBe(
      403,
    );
  });

  it('says what is missing in words that read right', async () => {
    const invalid = await post('admin/company/change', emails.bm, { change_type: '', changes: ' ' });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors).toEqual({
      change_type: ['The change type is required.'],
      changes: ['Please describe the changes.'],
    });
  });
});
