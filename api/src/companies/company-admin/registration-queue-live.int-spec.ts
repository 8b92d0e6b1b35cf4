import { SERVER_EVENTS, type QueueChangedMessage } from '@casebridge/contracts';
import { User } from '@casebridge/db';
import { bearer, startApi, type ApiHarness } from '../../../../test/kit/api-harness';
import { aCompany, aSuperAdmin, aUser, domainOf, signedIn } from '../../../../test/kit/factories';
import { collect, connectLive, type LiveClient } from '../../../test/live-clients';
import { orm, registrationBody } from '../../../../test/kit/member-fixtures';
import { RealtimePublisher } from '../../platform/realtime/realtime.publisher';

type ClientSocket = LiveClient;

/** A queue.changed about the registration of `email`. */
const about = (email: string) => (message: QueueChangedMessage) =>
  message.queue === 'registration' && message.row.email === email;

const applicant = (email: string) => registrationBody(email, 'Live');

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

  it('pushes queue.changed to our managers on a registration and on a decision, not to others', async () => {
    // Our company asks for approval of registrations; the other company's admin must hear nothing of them.
    const ours = await aCompany(api, { requiresApproval: true });
    const other = await aCompany(api, { requiresApproval: true });
    const APPLICANT = `live.applicant@${domainOf(ours)}`;
    const aboutApplicant = about(APPLICANT);
    const actors = [
      await aUser(api, { company: ours, role: 'business_manager' }),
      await aUser(api, { company: ours, role: 'program_manager' }),
      await aUser(api, { company: ours, role: 'caller' }),
      await aUser(api, { company: other, role: 'business_manager' }),
      await aSuperAdmin(api),
    ];
    const tokens = await Promise.all(actors.map((user) => signedIn(api, user)));
    acmeBm = tokens[0];
    sockets.push(...(await Promise.all(tokens.map((token) => connectLive(api, { token })))));
    const inboxes = sockets.map((socket) => collect(socket, SERVER_EVENTS.queueChanged));
    const [bm, pm, caller, globex, superAdmin] = inboxes;

    await api.http().post(`/api/caller/register/${ours.slug}`).send(applicant(APPLICANT)).expect(200);
    const [bmAdded, pmAdded, backOfficeAdded] = await Promise.all(
      [bm, pm, superAdmin].map((inbox) => inbox.next(aboutApplicant)),
    );
    // The company's admins get their queue's row (no company: it is theirs), the back office its own row.
    expect(bmAdded).toEqual({
      queue: 'registration',
      removed: false,
      row: expect.objectContaining({ email: APPLICANT }),
    });
    expect(bmAdded.row).not.toHaveProperty('company_name');
    expect(pmAdded).toEqual(bmAdded);
    expect(backOfficeAdded.row).toMatchObject({ email: APPLICANT, company_name: ours.name });

    const queue = await api.http().get('/api/admin/company/registration/queue').set(bearer(acmeBm)).expect(200);
    const row = (queue.body.queue as { id: number; email: string }[]).find((item) => item.email === APPLICANT)!;
    expect(row).toBeDefined();
    await api.http().get(`/api/admin/company/registration/${row.id}/approve`).set(bearer(acmeBm)).expect(200);
    const [bmRemoved, pmRemoved] = await Promise.all([bm, pm].map((inbox) => inbox.next(aboutApplicant)));
    expect(bmRemoved).toEqual({ queue: 'registration', removed: true, row: expect.objectContaining({ id: row.id }) });
    expect(pmRemoved).toEqual(bmRemoved);
    expect((await orm(api).findOneOrFail(User, row.id)).approvalStatus).toBe('approved');

    // Both pushes were emitted before the decision answered. One more message to every socket, by the same path
    // (publisher → adapter → socket), arrives after them: once it is in, whatever else was sent to a socket is too.
    const closing = 'closing@probe.test';
    api.app.get(RealtimePublisher).emit(
      sockets.map((socket) => socket.id!),
      SERVER_EVENTS.queueChanged,
      {
        queue: 'registration',
        removed: false,
        row: { id: 0, first_name: 'Closing', last_name: 'Message', email: closing, created_at: '' },
      },
    );
    await Promise.all(inboxes.map((inbox) => inbox.next(about(closing))));
    // A caller or another company's admin got none; the managers got each push once.
    expect(caller.kept).toEqual([]);
    expect(globex.kept).toEqual([]);
    expect(bm.kept).toEqual([]);
    expect(pm.kept).toEqual([]);
    expect(superAdmin.kept).toEqual([
      {
        queue: 'registration',
        removed: true,
        row: expect.objectContaining({ email: APPLICANT, company_name: ours.name }),
      },
    ]);
  });
});
