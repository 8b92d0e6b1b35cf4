import type { CaseDetail } from '@casebridge/contracts';
import { CaseEvent, ManagerRequest, type Case, type Company, type ContactDocument, type User } from '@casebridge/db';
import { bearer, startApi, type ApiHarness } from '../../../../test/kit/api-harness';
import { aCaseRow, aCompany, aProcess, aUser, emOf, signedIn } from '../../../../test/kit/factories';
import { caseAuditSource } from '../../../../test/kit/worker-parts';

/**
 * A manager request whose existing vendor case reference names a case between its two companies (by internal case
 * number, in any letter case, or by token) is linked to it: the request and its answer are entries of the case's
 * log, written in the same transaction, shown on the case page of both companies and carried by the change feed.
 * Anything else (another company's case, no match, a number two cases share) stays unlinked, as before.
 */
describe('manager escalations linked to their case (real PostgreSQL)', () => {
  let api: ApiHarness;
  // Alice's company (submitter) escalates to Grace's (receiver) manager process; a third company has cases too.
  let submitter: Company;
  let receiver: Company;
  let alice: User;
  let bob: User;
  let escalation: ContactDocument;
  let collaboration: ContactDocument;
  let elsewhere: ContactDocument;
  let thirdUser: User;
  const tokens = { alice: '', grace: '', bob: '' };

  beforeAll(async () => {
    api = await startApi();
    submitter = await aCompany(api);
    receiver = await aCompany(api);
    const third = await aCompany(api);
    alice = await aUser(api, { company: submitter, role: 'business_manager', overrides: { firstName: 'Alice' } });
    const grace = await aUser(api, { company: receiver, role: 'business_manager', overrides: { firstName: 'Grace' } });
    thirdUser = await aUser(api, { company: third, role: 'caller' });
    bob = await aUser(api, { company: third, role: 'business_manager' });
    escalation = await aProcess(api, { company: receiver, type: 'manager', managers: { main: grace } });
    collaboration = await aProcess(api, { company: receiver });
    elsewhere = await aProcess(api, { company: third });
    tokens.alice = await signedIn(api, alice);
    tokens.grace = await signedIn(api, grace);
    tokens.bob = await signedIn(api, bob);
  });
  afterAll(() => api.close());

  const escalate = async (vendorReference: string) => {
    const response = await api
      .http()
      .post('/api/manager/request/create')
      .set(bearer(tokens.alice))
      .send({
        first_name: 'Alice',
        last_name: 'Carter',
        email: alice.email,
        phone: '5125550101',
        phone_country_code: 'US',
        internal_reference: 'ACME-77',
        vendor_reference: vendorReference,
        business_impact: 'Disaster recovery copy is two hours behind.',
        escalation_type: 'Response time',
        notes: 'No answer on the P1 case.',
        receive_company_id: receiver.id,
        contact_document_id: escalation.id,
      })
      .expect(200);
    return emOf(api).findOneOrFail(ManagerRequest, { token: response.body.request.token as string });
  };
  const answer = (request: ManagerRequest) =>
    api.http().post(`/api/manager/request/response/${request.token}`).send({
      first_name: 'Grace',
      last_name: 'Liu',
      email: 'grace@receiver.test',
      internal_reference: 'GX-48290',
      escalation_type: 'Response time',
      notes: 'Hotfix engineer assigned.',
    });
  const entriesOf = (kase: Case) => emOf(api).find(CaseEvent, { case: kase.id }, { orderBy: { seq: 'asc' } });
  const detail = async (kase: Case, token: string): Promise<CaseDetail> =>
    (await api.http().get(`/api/caller/case-details/${kase.token}`).set(bearer(token)).expect(200)).body.case;
  const linkedCaseOf = async (request: ManagerRequest) =>
    (await emOf(api).findOneOrFail(ManagerRequest, request.id)).case?.id ?? null;

  it('links by internal case number in any letter case, records the entry and shows it to both companies', async () => {
    const kase = await aCaseRow(api, { from: alice, to: collaboration, status: 'accepted' });
    const request = await escalate(` ${kase.internalCaseNumber.toLowerCase()} `);
    expect(await linkedCaseOf(request)).toBe(kase.id);

    const entries = await entriesOf(kase);
    expect(entries.map((entry) => [entry.seq, entry.type])).toEqual([
      [1, 'submitted'],
      [2, 'manager_request_submitted'],
    ]);
    // The entry names the request, the process and who asked; never the contact's e-mail, phone or text.
    expect(entries[1].payload).toEqual({
      manager_request_id: request.id,
      process: escalation.name,
      escalation_type: 'Response time',
      requested_by: 'Alice Carter',
    });
    expect(entries[1].actorLabel).toBe(`Alice ${alice.lastName}`);
    // The change feed holds it for both companies.
    const feed = await emOf(api).execute<{ company_id: number }[]>(
      'select company_id from case_feed where event_id = ? order by company_id',
      [entries[1].id],
    );
    expect(feed.map((row) => row.company_id)).toEqual([submitter.id, receiver.id].sort((a, b) => a - b));

    for (const token of [tokens.alice, tokens.grace]) {
      const page = await detail(kase, token);
      expect(page.event_seq).toBe(2);
      expect(page.escalations).toEqual([
        {
          id: request.id,
          process: escalation.name,
          requested_by: 'Alice Carter',
          company: submitter.name,
          internal_reference: 'ACME-77',
          business_impact: 'Disaster recovery copy is two hours behind.',
          escalation_type: 'Response time',
          notes: 'No answer on the P1 case.',
          created_at: request.createdAt.toISOString(),
          answer: null,
        },
      ]);
    }
  });

  it('links by the case token, and records the answer on the case in the answer’s transaction', async () => {
    const kase = await aCaseRow(api, { from: alice, to: collaboration, status: 'accepted' });
    const request = await escalate(kase.token);
    expect(await linkedCaseOf(request)).toBe(kase.id);

    await answer(request).expect(200);
    const entries = await entriesOf(kase);
    expect(entries.map((entry) => entry.type)).toEqual([
      'submitted',
      'manager_request_submitted',
      'manager_request_answered',
    ]);
    const response = (await emOf(api).findOneOrFail(ManagerRequest, request.id, { populate: ['responses'] }))
      .responses[0];
    expect(entries[2].payload).toEqual({
      manager_request_id: request.id,
      manager_response_id: response.id,
      process: escalation.name,
      escalation_type: 'Response time',
      answered_by: 'Grace Liu',
    });
    expect(entries[2].actorLabel).toBe(`Grace Liu (${receiver.name}, manager link)`);
    for (const token of [tokens.alice, tokens.grace]) {
      expect((await detail(kase, token)).escalations[0].answer).toEqual({
        id: response.id,
        answered_by: 'Grace Liu',
        company: receiver.name,
        internal_reference: 'GX-48290',
        escalation_type: 'Response time',
        notes: 'Hotfix engineer assigned.',
        created_at: response.createdAt.toISOString(),
      });
    }
    // A second answer is refused and writes nothing to the case.
    await answer(request).expect(409);
    expect(await entriesOf(kase)).toHaveLength(3);
  });

  it('puts both entries on the audit timeline, with what they name', async () => {
    const kase = await aCaseRow(api, { from: alice, to: collaboration, status: 'accepted' });
    const request = await escalate(kase.internalCaseNumber);
    await answer(request).expect(200);
    const rows: unknown[][] = [];
    // The worker's own timeline read (the case_audit export both companies may ask for).
    for await (const page of caseAuditSource.pages(emOf(api), { case_id: kase.id })) rows.push(...page);
    const escalations = rows.filter((row) => String(row[3]).startsWith('manager_request_'));
    expect(escalations.map((row) => [row[0], row[2], row[3], row[4]])).toEqual([
      [2, 'Event', 'manager_request_submitted', `Alice ${alice.lastName}`],
      [3, 'Event', 'manager_request_answered', `Grace Liu (${receiver.name}, manager link)`],
    ]);
    // The payload is jsonb: its keys come back in the database's order.
    const details = (row: unknown[]) => String(row[5]).split('; ').sort();
    expect(details(escalations[0])).toEqual(
      [
        `manager_request_id: ${request.id}`,
        `process: ${escalation.name}`,
        'escalation_type: Response time',
        'requested_by: Alice Carter',
      ].sort(),
    );
    expect(details(escalations[1])).toContain('answered_by: Grace Liu');
  });

  it("never links another company's case, an unknown reference, or a number two cases share", async () => {
    // A case between the submitter and a third company, and one between the third company and the receiver.
    const notWithReceiver = await aCaseRow(api, { from: alice, to: elsewhere });
    const notOurs = await aCaseRow(api, { from: thirdUser, to: collaboration });
    const shared = 'SHARED-4711';
    const twins = [
      await aCaseRow(api, { from: alice, to: collaboration, overrides: { internalCaseNumber: shared } }),
      await aCaseRow(api, { from: alice, to: collaboration, overrides: { internalCaseNumber: shared.toLowerCase() } }),
    ];
    for (const reference of [
      notWithReceiver.internalCaseNumber,
      notWithReceiver.token,
      notOurs.internalCaseNumber,
      notOurs.token,
      'NO-SUCH-CASE',
      shared,
    ]) {
      const request = await escalate(reference);
      expect(await linkedCaseOf(request)).toBeNull();
      // Unlinked requests are answered as before, and no case hears of them.
      await answer(request).expect(200);
    }
    for (const kase of [notWithReceiver, notOurs, ...twins]) {
      expect((await entriesOf(kase)).map((entry) => entry.type)).toEqual(['submitted']);
    }
    // The third company's case page shows no escalation either.
    expect((await detail(notOurs, tokens.bob)).escalations).toEqual([]);
  });
});
