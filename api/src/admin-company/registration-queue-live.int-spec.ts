import { SERVER_EVENTS, type QueueChangedMessage } from '@casebridge/contracts';
import { User } from '@casebridge/db';
import { bearer, startApi, type ApiHarness } from '../../test/api-harness';
import { connectLive, type LiveClient } from '../../test/live-clients';
import { orm } from '../../test/member-fixtures';

type ClientSocket = LiveClient;

/** Every queue.changed a socket receives, in order. */
function record(socket: ClientSocket): QueueChangedMessage[] {
  const received: QueueChangedMessage[] = [];
  socket.on(SERVER_EVENTS.queueChanged, (message) => received.push(message));
  return received;
}

async function until(check: () => boolean, what: string, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const applicant = (email: string) => ({
  first_name: 'Live',
  last_name: 'Applicant',
  email,
  phone: '555 0100',
  phone_country_code: 'US',
  password: 'Str0ng!Pass',
  password_confirmation: 'Str0ng!Pass',
  agree_confirm: true,
});

describe('the registration queue changes live for the company’s admins only', () => {
  let api: ApiHarness;
  const sockets: ClientSocket[] = [];
  let acmeBm: string;

  beforeAll(async () => {
    api = await startApi();
  }, 60_000);
  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    await api?.close();
  });

  it('pushes queue.changed to Acme’s managers on a registration and on a decision, not to others', async () => {
    const tokens = await Promise.all(
      ['bm@acme.test', 'pm@acme.test', 'caller@acme.test', 'bm@globex.test', 'admin@casebridge.test'].map((email) =>
        api.login(email),
      ),
    );
    acmeBm = tokens[0];
    sockets.push(...(await Promise.all(tokens.map((token) => connectLive(api, { token })))));
    const [bm, pm, caller, globex, superAdmin] = sockets.map(record);

    await api.http().post('/api/caller/register/acme').send(applicant('live.applicant@acme.test')).expect(200);
    await until(() => bm.length === 1 && pm.length === 1 && superAdmin.length === 1, 'the registration push');
    // The company's admins get their queue's row (no company: it is theirs), the back office its own row.
    expect(bm).toEqual([
      { queue: 'registration', removed: false, row: expect.objectContaining({ email: 'live.applicant@acme.test' }) },
    ]);
    expect(bm[0].row).not.toHaveProperty('company_name');
    expect(superAdmin[0].row).toMatchObject({ email: 'live.applicant@acme.test', company_name: 'Acme Systems' });

    const queue = await api.http().get('/api/admin/company/registration/queue').set(bearer(acmeBm)).expect(200);
    const row = (queue.body.queue as { id: number; email: string }[]).find(
      (item) => item.email === 'live.applicant@acme.test',
    )!;
    expect(row).toBeDefined();
    await api.http().get(`/api/admin/company/registration/${row.id}/approve`).set(bearer(acmeBm)).expect(200);
    await until(() => bm.length === 2 && pm.length === 2, 'the decision push');
    expect((await orm(api).findOneOrFail(User, row.id)).approvalStatus).toBe('approved');

    // The others had the same pushes' time (and more) to arrive: a caller or another company's admin got none.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(caller).toEqual([]);
    expect(globex).toEqual([]);
  });
});
