import {
  caseEventJobId,
  QUEUES,
  sandboxAnswerJobId,
  type CaseEventType,
  type CaseListRow,
  type CollaborationRequest,
  type EscalationPage,
  type UsageReport,
} from '@casebridge/contracts';
import { Case, CaseEvent, type ContactDocument, type SandboxPartner, type User } from '@casebridge/db';
import { Queue } from 'bullmq';
import IORedis from 'ioredis';
import { bearer, startApi, type ApiHarness } from '../../../test/kit/api-harness';
import { aCase, aCompany, aProcess, aSandbox, aSuperAdmin, aUser, emOf, signedIn } from '../../../test/kit/factories';
import { startWorker, type RunningWorker } from '../../../test/kit/worker-app';
import { waitFor } from '../../../test/wait-for';
import { waitForJobState } from '../../test/support/queue-helpers';
import { SlaLateService } from '../sla/sla-late.service';
import { SandboxPartnerService } from './sandbox-partner.service';

/**
 * The sandbox partner end to end: cases submitted through the api to a sandbox, the worker answering them through the
 * api's token-link routes by the words of their summary (contracts/sandbox.ts), and test cases kept out of the usage
 * report, the escalation queue and the SLA's late marking while a normal case of the same company is counted.
 */
describe('the sandbox partner (real api, worker, PostgreSQL and Redis)', () => {
  let api: ApiHarness;
  let worker: RunningWorker;
  let redis: IORedis;
  let notifications: Queue;
  let sandbox: SandboxPartner;
  let member: User;
  let memberToken: string;
  let partnerProcess: ContactDocument;
  const cases: Record<'accept' | 'info' | 'reject' | 'silent', Case> = {} as never;

  beforeAll(async () => {
    api = await startApi();
    sandbox = await aSandbox(api);
    const company = await aCompany(api);
    member = await aUser(api, { company, role: 'business_manager' });
    memberToken = await signedIn(api, member);
    partnerProcess = await aProcess(api, { company: await aCompany(api) });
    // The worker answers through this api, a moment after each event.
    Object.assign(process.env, { SANDBOX_API_URL: api.url, SANDBOX_ANSWER_DELAY_MS: '200' });
    worker = await startWorker('smtp://127.0.0.1:1');
    redis = new IORedis(worker.config.REDIS_URL, { maxRetriesPerRequest: null });
    notifications = new Queue(QUEUES.notifications, { connection: redis, prefix: worker.config.REDIS_PREFIX });

    const submit = (summary: string) => aCase(api, { from: member, to: sandbox.document, summary });
    cases.accept = await submit('Please accept');
    cases.info = await submit('Need info on the array');
    cases.reject = await submit('Reject this');
    cases.silent = await submit('silent');
  });

  afterAll(async () => {
    await worker?.close();
    await notifications?.close();
    redis?.disconnect();
    await api?.close();
  });

  const reload = (kase: Case) => emOf(api).findOneOrFail(Case, kase.id, { populate: ['responses'], refresh: true });
  const logOf = async (kase: Case) =>
    (await emOf(api).find(CaseEvent, { case: kase.id }, { orderBy: { seq: 'asc' } })).map((event) => ({
      type: event.type,
      actor: event.actorLabel,
    }));
  const eventOf = (kase: Case, type: CaseEventType) => emOf(api).findOneOrFail(CaseEvent, { case: kase.id, type });
  const statusOf = (kase: Case, status: Case['status']) =>
    waitFor(
      () => reload(kase),
      (fresh) => fresh.status === status,
      { what: `${kase.summary}: ${status}` },
    );
  const byTheSandbox = () => `Sam Sandbox (${sandbox.company.name}, token link)`;

  /** The submitter answers the sandbox's information request, as from the mailed link. */
  async function supplyInformation(kase: Case): Promise<void> {
    const answer = await api
      .http()
      .post(`/api/caller/case/${kase.token}/respond`)
      .send({ status: 'information-reply', additional_information: 'The logs are attached.' });
    expect(answer.status).toBe(200);
  }

  it('marks every case sent to the sandbox as a test case, without a response time', async () => {
    for (const kase of Object.values(cases)) {
      expect(kase.isTest).toBe(true);
      expect(kase.responseDueAt).toBeNull();
    }
    const list = await api.http().get('/api/caller/get-cases/company').set(bearer(memberToken));
    const rows = (list.body as { data: CaseListRow[] }).data;
    expect(
      rows
        .filter((row) => row.is_test)
        .map((row) => row.token)
        .sort(),
    ).toEqual(
      Object.values(cases)
        .map((kase) => kase.token)
        .sort(),
    );
  });

  it('accepts "please accept" with its engineer, through the token page, once', async () => {
    const accepted = await statusOf(cases.accept, 'accepted');
    const [approval] = accepted.responses.getItems();
    expect(approval).toMatchObject({
      type: 'approval',
      caseNumber: `SANDBOX-${accepted.id}`,
      engineerName: 'Sam Sandbox',
      engineerEmail: `engineer@${sandbox.company.domain}`,
      engineerPhone: '6175550199',
    });
    expect(approval.nextSteps).toContain('accepted this test case');
    expect(accepted.receiverEngineerEmail).toBe(`engineer@${sandbox.company.domain}`);
    expect(await logOf(cases.accept)).toEqual([
      { type: 'submitted', actor: expect.any(String) },
      { type: 'accepted', actor: byTheSandbox() },
    ]);

    // One job per event: its fan-out queued it, and queuing it again (a second fan-out, a second worker) is a no-op.
    const submitted = await eventOf(cases.accept, 'submitted');
    const fanout = await waitForJobState(notifications, caseEventJobId(submitted.id), ['completed']);
    expect(fanout.returnvalue).toBe('webhooks=0 teams=0 sandbox=1');
    const job = await waitForJobState(notifications, sandboxAnswerJobId(submitted.id), ['completed']);
    expect(job.returnvalue).toBe('accepted');
    const partner = worker.app.get(SandboxPartnerService);
    const fresh = await emOf(api).findOneOrFail(CaseEvent, submitted.id, { populate: ['case'] });
    await partner.schedule(fresh);
    expect((await notifications.getJob(sandboxAnswerJobId(submitted.id)))?.finishedOn).toBe(job.finishedOn);
    // A retry after the answer got through finds it given, and writes nothing.
    await expect(partner.answer(submitted.id)).resolves.toBe('already-answered');
    expect((await reload(cases.accept)).responses).toHaveLength(1);
  });

  it('asks for information on "need info", then accepts the answer', async () => {
    await statusOf(cases.info, 'information');
    await supplyInformation(cases.info);
    const accepted = await statusOf(cases.info, 'accepted');
    expect(accepted.responses.getItems().map((response) => response.type)).toEqual([
      'information-request',
      'information-response',
      'approval',
    ]);
    expect((await logOf(cases.info)).map((entry) => entry.type)).toEqual([
      'submitted',
      'information_requested',
      'information_supplied',
      'accepted',
    ]);
    const supplied = await eventOf(cases.info, 'information_supplied');
    expect((await waitForJobState(notifications, sandboxAnswerJobId(supplied.id), ['completed'])).returnvalue).toBe(
      'accepted',
    );
  });

  it('rejects "reject this" only after asking for information, as the token page requires', async () => {
    const asked = await statusOf(cases.reject, 'information');
    expect(asked.responses.getItems()[0].nextSteps).toContain('will then reject');
    await supplyInformation(cases.reject);
    const rejected = await statusOf(cases.reject, 'rejected');
    expect(rejected.responses.getItems().map((response) => response.type)).toEqual([
      'information-request',
      'information-response',
      'rejection',
    ]);
    expect(await logOf(cases.reject)).toEqual([
      { type: 'submitted', actor: expect.any(String) },
      { type: 'information_requested', actor: byTheSandbox() },
      { type: 'information_supplied', actor: expect.any(String) },
      { type: 'rejected', actor: byTheSandbox() },
    ]);
  });

  it('never answers "silent": its job runs and says nothing', async () => {
    const submitted = await eventOf(cases.silent, 'submitted');
    expect((await waitForJobState(notifications, sandboxAnswerJobId(submitted.id), ['completed'])).returnvalue).toBe(
      'silent',
    );
    const silent = await reload(cases.silent);
    expect(silent.status).toBe('open');
    expect(silent.responses).toHaveLength(0);
    expect((await logOf(cases.silent)).map((entry) => entry.type)).toEqual(['submitted']);
  });

  it('shows test_case on the Connect API', async () => {
    const read = async (kase: Case) =>
      (await api.http().get(`/api/v1/collaboration-requests/${kase.token}`).set(bearer(memberToken)))
        .body as CollaborationRequest;
    expect(await read(cases.accept)).toMatchObject({ test_case: true, status: 'accepted', response_due_at: null });
    const normal = await aCase(api, { from: member, to: partnerProcess, summary: 'please accept' });
    expect(await read(normal)).toMatchObject({ test_case: false, status: 'open' });
  });

  it('leaves test cases out of the usage report, the escalation queue and the late marking, not a normal case', async () => {
    const normal = await aCase(api, { from: member, to: partnerProcess, summary: 'A real outage' });
    // Both overdue: the normal case by its clock, the silent test case as if it had one.
    const past = new Date(Date.now() - 3600_000);
    await emOf(api).nativeUpdate(Case, { id: { $in: [normal.id, cases.silent.id] } }, { responseDueAt: past });

    await worker.app.get(SlaLateService).run(new Date());
    expect((await reload(normal)).lateAt).toBeInstanceOf(Date);
    expect((await reload(cases.silent)).lateAt).toBeNull();
    expect((await logOf(cases.silent)).map((entry) => entry.type)).toEqual(['submitted']);

    const testTokens = Object.values(cases).map((kase) => kase.token);
    const usage = await api.http().get('/api/admin/company/reports/usage').set(bearer(memberToken));
    expect(usage.status).toBe(200);
    const report = usage.body as UsageReport;
    expect(report.data.map((row) => row.token)).toContain(normal.token);
    expect(report.data.filter((row) => testTokens.includes(row.token))).toEqual([]);
    expect(report.total).toBe(report.data.length);

    const admin = await signedIn(api, await aSuperAdmin(api));
    const queue = await api
      .http()
      .get('/api/super_admin/escalation/queue/open')
      .query({ q: member.company!.name, limit: 100 })
      .set(bearer(admin));
    expect(queue.status).toBe(200);
    const tokens = (queue.body as EscalationPage).data.map((row) => row.token);
    expect(tokens).toContain(normal.token);
    expect(tokens.filter((token) => testTokens.includes(token))).toEqual([]);
  });
});
