import { MAIL_KINDS, MAIL_PREFERENCE_MESSAGES, type MailPreferencesResponse } from '@casebridge/contracts';
import { bearer, startApi, type ApiHarness } from '../../../../test/kit/api-harness';
import { aCompany, aUser, signedIn } from '../../../../test/kit/factories';

/** GET/PUT users/mail-preferences on the running api: defaults, a saved change, and every refusal (422, nothing saved). */
describe('profile: mail preferences', () => {
  let api: ApiHarness;
  let token: string;

  beforeAll(async () => {
    api = await startApi();
    token = await signedIn(api, await aUser(api, { company: await aCompany(api), role: 'caller' }));
  });
  afterAll(() => api.close());

  const read = async (): Promise<MailPreferencesResponse> =>
    (await api.http().get('/api/users/mail-preferences').set(bearer(token)).expect(200)).body;
  const put = (body: object) => api.http().put('/api/users/mail-preferences').set(bearer(token)).send(body);
  const deliveries = (answer: MailPreferencesResponse) =>
    Object.fromEntries(answer.preferences.map((row) => [row.kind, row.delivery]));

  it('answers every kind with what the product did before preferences: mails at once, notes not at all', async () => {
    const answer = await read();
    expect(answer.time_zone).toBeNull();
    expect(answer.preferences.map((row) => row.kind)).toEqual([...MAIL_KINDS]);
    expect(deliveries(answer)).toEqual({
      information_requests: 'immediate',
      partner_answers: 'immediate',
      status_changes: 'immediate',
      submission_receipts: 'immediate',
      assignments: 'immediate',
      sla_warnings: 'immediate',
      notes: 'off',
      attachments: 'off',
      receiver_requests: 'immediate',
      manager_requests: 'immediate',
      account_links: 'immediate',
    });
    const locked = answer.preferences.filter((row) => row.locked);
    expect(locked.map((row) => row.kind)).toEqual(['receiver_requests', 'manager_requests', 'account_links']);
    for (const row of locked) {
      expect(row.deliveries).toEqual(['immediate']);
      expect(row.locked_reason).toEqual(expect.any(String));
    }
  });

  it('saves a time zone and some kinds, keeps the others, and answers the new state', async () => {
    const answer = (
      await put({ time_zone: 'Europe/Berlin', preferences: { partner_answers: 'digest', sla_warnings: 'off' } }).expect(
        200,
      )
    ).body as MailPreferencesResponse;
    expect(answer.time_zone).toBe('Europe/Berlin');
    expect(deliveries(answer)).toMatchObject({ partner_answers: 'digest', sla_warnings: 'off', notes: 'off' });
    await put({ preferences: { notes: 'digest', account_links: 'immediate' } }).expect(200);
    const again = await read();
    expect(again.time_zone).toBe('Europe/Berlin');
    expect(deliveries(again)).toMatchObject({ partner_answers: 'digest', notes: 'digest', account_links: 'immediate' });
    expect((await put({ time_zone: null }).expect(200)).body.time_zone).toBeNull();
  });

  it.each([
    ['an unknown kind', { preferences: { newsletters: 'off' } }, 'preferences.newsletters', 'unknownKind'],
    ['an unknown delivery', { preferences: { notes: 'weekly' } }, 'preferences.notes', 'unknownDelivery'],
    ['a locked kind turned off', { preferences: { account_links: 'off' } }, 'preferences.account_links', 'locked'],
    [
      'a locked kind in the digest',
      { preferences: { manager_requests: 'digest' } },
      'preferences.manager_requests',
      'locked',
    ],
    ['notes one by one', { preferences: { notes: 'immediate' } }, 'preferences.notes', 'notOffered'],
    ['a made-up time zone', { time_zone: 'Mars/Olympus_Mons' }, 'time_zone', 'timeZone'],
  ] as const)('refuses %s with 422 on the field and saves nothing', async (_what, bad, field, message) => {
    const before = await read();
    // A valid part beside the bad one: it must not be saved either.
    const response = await put({
      ...bad,
      ...('time_zone' in bad ? { preferences: { status_changes: 'off' } } : { time_zone: 'Asia/Tokyo' }),
    }).expect(422);
    expect(response.body.errors[field]).toEqual([MAIL_PREFERENCE_MESSAGES[message]]);
    expect(await read()).toEqual(before);
  });

  it('is refused without a session', async () => {
    await api.http().get('/api/users/mail-preferences').expect(401);
    await api.http().put('/api/users/mail-preferences').send({}).expect(401);
  });
});
