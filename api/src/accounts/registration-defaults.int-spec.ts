import { SERVER_EVENTS, SOCKET_PATH, type QueueChangedMessage } from '@casebridge/contracts';
import { io } from 'socket.io-client';
import { bearer, startApi, type ApiHarness } from '../../../test/kit/api-harness';
import { aCompany, aGroup, aSuperAdmin, aUser, domainOf, signedIn } from '../../../test/kit/factories';

const applicant = {
  first_name: 'Dana',
  last_name: 'Default',
  email: '', // at our company's domain, set once it exists
  password: 'Str0ng!Pass',
  password_confirmation: 'Str0ng!Pass',
  agree_confirm: true,
};

describe('a new registration: default group access and the live registration queue', () => {
  let api: ApiHarness;

  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.close());

  it('gives the registrant the groups chosen in the registration settings and pushes the queue change', async () => {
    // Our company is in one group open to all its users and one limited to a listed caller.
    const ours = await aCompany(api);
    const listed = await aUser(api, { company: ours, role: 'caller' });
    await aGroup(api, { members: [{ company: ours }] });
    const limitedGroup = await aGroup(api, { members: [{ company: ours, users: [listed] }] });
    applicant.email = `dana.default@${domainOf(ours)}`;
    const manager = await signedIn(api, await aUser(api, { company: ours, role: 'business_manager' }));
    const me = (await api.http().get('/api/auth/me').set(bearer(manager)).expect(200)).body;
    const groups = (await api.http().get('/api/admin/company/partner_groups').set(bearer(manager)).expect(200)).body
      .groups as {
      community: { id: number; name: string };
      user_access_flag: string;
    }[];
    const limited = groups.find((group) => group.user_access_flag === 'limit');
    expect(limited?.community.id).toBe(limitedGroup.id);
    await api
      .http()
      .post('/api/admin/company/registration')
      .set(bearer(manager))
      .send({ requires_approval: 1, signup_manager_id: me.user.id, group_access: [limited!.community.id] })
      .expect(200);

    const admin = io(api.url, {
      path: SOCKET_PATH,
      auth: { token: await signedIn(api, await aSuperAdmin(api)) },
      transports: ['websocket'],
      forceNew: true,
    });
    const companySocket = io(api.url, {
      path: SOCKET_PATH,
      auth: { token: manager },
      transports: ['websocket'],
      forceNew: true,
    });
    const pushed = (socket: typeof admin) =>
      new Promise<QueueChangedMessage>((resolve) =>
        socket.on(SERVER_EVENTS.queueChanged, (message) => message.queue === 'registration' && resolve(message)),
      );
    try {
      await Promise.all(
        [admin, companySocket].map((socket) => new Promise((resolve) => socket.once('connect', () => resolve(null)))),
      );
      const toAdmin = pushed(admin);
      const toCompany = pushed(companySocket);
      await api.http().post(`/api/caller/register/${ours.slug}`).send(applicant).expect(200);
      await expect(Promise.all([toAdmin, toCompany])).resolves.toEqual([
        { queue: 'registration', removed: false, row: expect.objectContaining({ company_name: ours.name }) },
        { queue: 'registration', removed: false, row: expect.objectContaining({ email: applicant.email }) },
      ]);
    } finally {
      admin.close();
      companySocket.close();
    }

    const access = await api
      .http()
      .get(`/api/admin/company/partner_groups/${limited!.community.id}/users`)
      .set(bearer(manager))
      .expect(200);
    expect(access.body.users.map((user: { email: string }) => user.email)).toContain(applicant.email);
  });
});
