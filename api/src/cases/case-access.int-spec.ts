import { MESSAGES } from '@casebridge/contracts';
import { Case, CaseEvent, CaseNote, Company, Requirement, type User } from '@casebridge/db';
import { bearer, startApi, type ApiHarness } from '../../../test/kit/api-harness';
import { aCase, aCompany, aProcess, aSuperAdmin, aUser, signedIn } from '../../../test/kit/factories';
import { orm } from '../../../test/kit/member-fixtures';

describe('who reaches a case: the two companies, super admins, nobody else', () => {
  let api: ApiHarness;
  // Sessions of our caller (the submitter) and the partner's caller (the receiver); a third, limited company.
  let acme: string;
  let globex: string;
  let partner: Company;
  let third: Company;
  let thirdBm: User;
  // Our cases to the partner's process (which asks for customer data): accepted with the partner's case number and
  // two notes, open, and accepted again for the purge.
  const ids = { accepted: 0, open: 0, purged: 0 };

  beforeAll(async () => {
    api = await startApi({ COLLAB_SERVICE_URL: 'https://collab.example.test' });
    const ours = await aCompany(api);
    partner = await aCompany(api);
    third = await aCompany(api, { membershipType: 'limited' });
    const caller = await aUser(api, { company: ours, role: 'caller' });
    const partnerCaller = await aUser(api, { company: partner, role: 'caller' });
    thirdBm = await aUser(api, { company: third, role: 'business_manager' });
    const process = await aProcess(api, {
      company: partner,
      fields: [{ codeLabel: 'end_customer', section: 'common_customer_section', required: true }],
    });
    const endCustomer = await orm(api).findOneOrFail(Requirement, { codeLabel: 'end_customer' });
    const body = { [`custom_${endCustomer.id}`]: 'Northwind Traders' };
    const accepted = await aCase(api, {
      from: caller,
      to: process,
      status: 'accepted',
      body,
      acceptance: { case_number: 'GX-48213' },
    });
    ids.accepted = accepted.id;
    ids.open = (await aCase(api, { from: caller, to: process, body })).id;
    ids.purged = (await aCase(api, { from: caller, to: process, status: 'accepted', body })).id;
    [acme, globex] = await Promise.all([signedIn(api, caller), signedIn(api, partnerCaller)]);
    // One note from each side; the feed lists the newest first.
    const note = (session: string, summary: string) =>
      api.http().post(`/api/caller/case/${accepted.token}/note`).set(bearer(session)).send({ summary }).expect(200);
    await note(globex, 'Replacement midplane shipped');
    await note(acme, 'Customer window confirmed');
  }, 60_000);
  afterAll(() => api.close());

  const stored = (name: keyof typeof ids) =>
    orm(api).findOneOrFail(Case, { id: ids[name] }, { populate: ['submitterCompany', 'receiverCompany'] });

  /** The case row as stored, with its event and note counts. */
  async function snapshot(id: number) {
    const em = orm(api);
    return {
      row: await em.getConnection().execute('select * from cases where id = ?', [id]),
      events: await em.count(CaseEvent, { case: id }),
      notes: await em.count(CaseNote, { case: id }),
    };
  }

  it('a user of a third company gets 404 or 403 on every case call, and nothing changes', async () => {
    const initech = await signedIn(api, thirdBm);
    const kase = await stored('accepted');
    const before = await snapshot(kase.id);
    const token = kase.token;
    const calls = [
      api.http().get(`/api/caller/case-details/${token}`),
      api
        .http()
        .post(`/api/caller/case/${token}/update-response`)
        .send({ engineer_name: 'X Y', engineer_email: 'x@initech.test' }),
      api
        .http()
        .post(`/api/caller/case/${token}/update-submission`)
        .send({ engineer_name: 'X Y', engineer_email: 'x@initech.test' }),
      api.http().post(`/api/caller/case/${token}/note`).send({ summary: 'Hello' }),
      api.http().post(`/api/caller/case/${token}/close`).send({}),
      api.http().get(`/api/caller/case/${token}/data/${kase.submitterCompany.id}`),
      api.http().post(`/api/caller/case/${token}/attachments`).attach('files', Buffer.from('hello'), 'a.txt'),
      api.http().get(`/api/caller/case/${token}/attachments/1`),
    ];
    for (const call of calls) {
      const response = await call.set(bearer(initech));
      expect([403, 404]).toContain(response.status);
      expect(JSON.stringify(response.body)).not.toContain('GX-48213');
    }
    expect(await snapshot(kase.id)).toEqual(before);
  });

  it('shows the case to both companies with their controls, and to a super admin', async () => {
    const { token } = await stored('accepted');
    const outbound = (await api.http().get(`/api/caller/case-details/${token}`).set(bearer(acme)).expect(200)).body
      .case;
    expect(outbound).toMatchObject({
      direction: 'outbound',
      status: 'accepted',
      allow_notes: true,
      receiver_case_number: 'GX-48213',
    });
    expect(outbound.notes.map((note: { summary: string }) => note.summary)).toEqual([
      'Customer window confirmed',
      'Replacement midplane shipped',
    ]);
    expect(outbound.customer_data.length).toBeGreaterThan(0);
    const admin = await signedIn(api, await aSuperAdmin(api));
    const seen = (await api.http().get(`/api/caller/case-details/${token}`).set(bearer(admin)).expect(200)).body.case;
    expect(seen.controls).toMatchObject({ visible: true, can_close: false, can_add_note: false });

    // Controls are hidden on an open case; the submitter may still update its submission.
    const open = await stored('open');
    const openView = (await api.http().get(`/api/caller/case-details/${open.token}`).set(bearer(acme)).expect(200)).body
      .case;
    expect(openView.controls).toEqual({
      visible: false,
      can_close: false,
      can_update_response: false,
      can_update_submission: true,
      can_add_note: false,
      can_upload: false,
      can_assign: true,
    });
    await api.http().post(`/api/caller/case/${open.token}/note`).set(bearer(acme)).send({ summary: 'Hi' }).expect(403);
  });

  it('hides the feed from a company that does not allow notes and refuses its notes', async () => {
    const { token } = await stored('accepted');
    await orm(api).nativeUpdate(Company, { id: partner.id }, { allowNotes: false });
    try {
      const view = (await api.http().get(`/api/caller/case-details/${token}`).set(bearer(globex)).expect(200)).body
        .case;
      expect(view).toMatchObject({ allow_notes: false, notes: [] });
      expect(view.controls.can_add_note).toBe(false);
      await api
        .http()
        .post(`/api/caller/case/${token}/note`)
        .set(bearer(globex))
        .send({ summary: 'Hi' })
        .expect(403, { error: MESSAGES.feedRequiresSso });
    } finally {
      await orm(api).nativeUpdate(Company, { id: partner.id }, { allowNotes: true });
    }
  });

  it('empties purged customer data', async () => {
    const kase = await stored('purged');
    const before = await api.http().get(`/api/caller/case-details/${kase.token}`).set(bearer(acme)).expect(200);
    expect(before.body.case.customer_data.length).toBeGreaterThan(0);
    await orm(api).nativeUpdate(Case, { id: kase.id }, { customerDataPurgedAt: new Date() });
    const view = (await api.http().get(`/api/caller/case-details/${kase.token}`).set(bearer(acme)).expect(200)).body
      .case;
    expect(view).toMatchObject({ customer_data: [], customer_data_purged: true });
  });

  it('update-response: the receiver, while accepted; update-submission: the submitter', async () => {
    const kase = await stored('accepted');
    const body = {
      case_number: 'GX-99',
      engineer_name: 'Nina Park',
      engineer_email: 'nina@globex.test',
      engineer_phone: '15550199',
      engineer_country_code: 'ie',
    };
    await api.http().post(`/api/caller/case/${kase.token}/update-response`).set(bearer(acme)).send(body).expect(403);
    const invalid = await api
      .http()
      .post(`/api/caller/case/${kase.token}/update-response`)
      .set(bearer(globex))
      .send({ engineer_email: 'bad' })
      .expect(422);
    expect(Object.keys(invalid.body.errors).sort()).toEqual(['engineer_email', 'engineer_name']);
    await api
      .http()
      .post(`/api/caller/case/${kase.token}/update-response`)
      .set(bearer(globex))
      .send(body)
      .expect(200, { success: true });
    const updated = await stored('accepted');
    expect(updated).toMatchObject({
      receiverCaseNumber: 'GX-99',
      receiverEngineerName: 'Nina Park',
      receiverEngineerPhone: 'IE: 15550199',
    });

    const open = await stored('open');
    await api.http().post(`/api/caller/case/${open.token}/update-response`).set(bearer(globex)).send(body).expect(409);

    const submission = {
      engineer_name: 'Carl B. Jensen',
      engineer_email: 'carl@acme.test',
      engineer_phone: '2065550100',
      engineer_country_code: 'US',
    };
    await api
      .http()
      .post(`/api/caller/case/${open.token}/update-submission`)
      .set(bearer(globex))
      .send(submission)
      .expect(403);
    await api
      .http()
      .post(`/api/caller/case/${open.token}/update-submission`)
      .set(bearer(acme))
      .send(submission)
      .expect(200);
    expect(await stored('open')).toMatchObject({
      engineerFirstName: 'Carl',
      engineerLastName: 'B. Jensen',
      engineerEmail: 'carl@acme.test',
      engineerPhone: 'US: 2065550100',
    });
    const events = await orm(api).find(
      CaseEvent,
      { case: { $in: [kase.id, open.id] } },
      { orderBy: { id: 'desc' }, limit: 2 },
    );
    expect(events.map((event) => event.type).sort()).toEqual(['engineer_updated', 'submission_updated']);
  });

  it('data: the collaboration service address and a token password for either company only', async () => {
    const kase = await stored('accepted');
    const data = (
      await api
        .http()
        .get(`/api/caller/case/${kase.token}/data/${kase.receiverCompany.id}`)
        .set(bearer(acme))
        .expect(200)
    ).body;
    expect(data.domain).toBe('https://collab.example.test');
    expect(data.password).toMatch(/^[0-9a-f]{64}$/);
    await api.http().get(`/api/caller/case/${kase.token}/data/${third.id}`).set(bearer(acme)).expect(404);
    await api.http().get(`/api/caller/case/${kase.token}/data/abc`).set(bearer(acme)).expect(422);
  });

  it('an unknown token is a 404 for members', async () => {
    await api.http().get('/api/caller/case-details/nope').set(bearer(acme)).expect(404, { error: 'Case not found.' });
  });
});
