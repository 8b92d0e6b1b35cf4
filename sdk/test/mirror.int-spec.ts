import type { CollaborationRequest, CollaborationNoteList, OAuthClientSecretResponse } from '@casebridge/contracts';
import type { Company, ContactDocument } from '@casebridge/db';
import { createConnectClient, type ConnectClient } from '@casebridge/sdk';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { bearer, startApi, type ApiHarness } from '../../test/kit/api-harness';
import { aCompany, aProcess, aUser, signedIn, uniqueName } from '../../test/kit/factories';
import { findFreePort, MailCatcher } from '../../test/kit/mail-catcher';
import { startWorker, type RunningWorker } from '../../test/kit/worker-app';
import { startMirror, type MirrorState, type RunningMirror } from '../examples/mirror';

const CASES = '/api/v1/collaboration-requests';
const ENGINEER = { engineer_name: 'Rae Receiver', engineer_email: 'rae@receiver.test', engineer_phone: '555 0100' };

/**
 * The SDK's example connector (sdk/examples/mirror.ts) against the real api and worker: a mixed run of submits,
 * answers and notes from both companies, with the mirror's receiver stopped for part of it; afterwards the mirror
 * equals what the api answers for every case of the company.
 */
describe('the mirror example keeps a copy of the company’s cases from the feed and the webhooks', () => {
  let api: ApiHarness;
  let worker: RunningWorker;
  let catcher: MailCatcher;
  let process: ContactDocument;
  let partner: Company;
  let client: ConnectClient;
  let partnerToken: string;
  let secret: string;
  let mirrorFile: string;
  const environment = { WEBHOOK_BACKOFF_MS: '200', OUTBOUND_ALLOW_PRIVATE_TARGETS: 'true' };
  const saved = Object.fromEntries(Object.keys(environment).map((name) => [name, globalThis.process.env[name]]));

  beforeAll(async () => {
    // The worker reads its retry policy and address policy from the environment; quick retries for the test.
    Object.assign(globalThis.process.env, environment);
    api = await startApi(environment);
    catcher = await new MailCatcher(await findFreePort()).start();
    worker = await startWorker(catcher.smtpUrl);
    const company = await aCompany(api);
    partner = await aCompany(api);
    process = await aProcess(api, { company: partner });
    const apiUser = await aUser(api, { company, role: 'api' });
    const admin = await signedIn(api, await aUser(api, { company, role: 'business_manager' }));
    partnerToken = await signedIn(api, await aUser(api, { company: partner, role: 'caller' }));
    const credentials = (
      await api
        .http()
        .post('/api/oauth-clients')
        .set(bearer(admin))
        .send({ name: 'CRM mirror', user_id: apiUser.id, scopes: ['cases:read', 'cases:write', 'webhooks:manage'] })
        .expect(200)
    ).body as OAuthClientSecretResponse;
    client = createConnectClient({
      baseUrl: api.url,
      clientId: credentials.client.client_id,
      clientSecret: credentials.client_secret,
    });
    mirrorFile = path.join(await mkdtemp(path.join(tmpdir(), 'casebridge-mirror-')), 'mirror.json');
  }, 60_000);

  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await catcher?.stop();
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete globalThis.process.env[name];
      else globalThis.process.env[name] = value;
    }
  });

  const idempotent = () => ({ 'Idempotency-Key': uniqueName('mirror') });

  async function submit(summary: string): Promise<string> {
    const { data, error } = await client.POST(CASES, {
      body: {
        document_id: process.id,
        internal_case_number: uniqueName('crm').toUpperCase(),
        problem_summary: summary,
        problem_description: `${summary}: seen at the customer since Monday.`,
        priority: 'medium',
        engineer: {
          first_name: 'Carl',
          last_name: 'Jensen',
          email: 'carl@crm.test',
          phone: '416 555 0103',
          phone_country_code: 'CA',
        },
        custom_fields: [],
      },
      headers: idempotent(),
    });
    if (!data) throw new Error(`submit answered ${JSON.stringify(error)}`);
    return data.token;
  }

  /** The partner's side answers through the same API, signed in as its member. */
  const partnerActs = (token: string, action: string, body: object = ENGINEER) =>
    api.http().post(`${CASES}/${token}/${action}`).set(bearer(partnerToken)).set(idempotent()).send(body).expect(200);

  async function ourNote(token: string, summary: string): Promise<void> {
    const { response } = await client.POST(`${CASES}/{token}/notes`, {
      params: { path: { token } },
      body: { summary, description: 'From the CRM' },
      headers: idempotent(),
    });
    expect(response.status).toBe(200);
  }

  /** The company's cases as the api answers them, in the mirror's terms. */
  async function apiView(): Promise<MirrorState['cases']> {
    const view: MirrorState['cases'] = {};
    let cursor: string | undefined;
    for (;;) {
      const { data } = await client.GET(CASES, { params: { query: { limit: 100, cursor } } });
      for (const kase of (data?.data ?? []) as CollaborationRequest[]) {
        const notes = (await client.GET(`${CASES}/{token}/notes`, { params: { path: { token: kase.token } } }))
          .data as CollaborationNoteList;
        view[kase.token] = {
          token: kase.token,
          direction: kase.direction,
          seq: kase.event_seq,
          status: kase.status,
          internal_case_number: kase.internal_case_number,
          receiver_case_number: kase.receiver_case_number,
          engineer_email: kase.engineer.email,
          receiver_engineer_email: kase.receiver_engineer.email,
          // The api lists notes newest first; the mirror keeps them in the order they came.
          notes: notes.data.map((note) => ({ id: note.id, summary: note.summary })).reverse(),
          responses: kase.responses.map((response) => response.type),
        };
      }
      if (!data?.has_more) return view;
      cursor = data.next_cursor ?? undefined;
    }
  }

  it('equals the api after submits, answers and notes, with its receiver stopped in between', async () => {
    const { data: hook } = await client.POST('/api/v1/webhooks', {
      body: { url: `http://127.0.0.1:${await findFreePort()}/casebridge` },
      headers: idempotent(),
    });
    secret = hook!.secret;
    const port = Number(new URL(hook!.endpoint.url).port);
    let mirror: RunningMirror = await startMirror({ client, secrets: () => [secret], port, file: mirrorFile });

    // While it listens: three cases, answered three ways, and notes from both sides.
    const [accepted, asked, refused] = [
      await submit('Replication stalls'),
      await submit('Array reboots'),
      await submit('Licence key refused'),
    ];
    await partnerActs(accepted, 'approval', { ...ENGINEER, case_number: 'P-100', next_steps: 'Send the logs' });
    await ourNote(accepted, 'Logs attached');
    await partnerActs(accepted, 'notes', { summary: 'Looking at them', description: 'Will call you.' });
    await partnerActs(asked, 'information-request', { ...ENGINEER, requested_information: 'Which firmware?' });
    await partnerActs(refused, 'information-request', { ...ENGINEER, requested_information: 'Serial number?' });
    // Live: the deliveries reach it (the last of these cases' entries, at least, came by webhook).
    await until(
      () => mirror.mirror.state.cases[refused]?.status === 'information' && mirror.mirror.deliveries.applied > 0,
    );

    // The receiver goes down: its deliveries fail and are retried meanwhile.
    await mirror.stop();
    const { response: answered } = await client.POST(`${CASES}/{token}/information-response`, {
      params: { path: { token: asked } },
      body: { requested_information: 'Firmware 9.2.1' },
      headers: idempotent(),
    });
    expect(answered.status).toBe(200);
    await partnerActs(refused, 'rejection', { ...ENGINEER, reason: 'Not our product' });
    await ourNote(accepted, 'Customer window is Friday');
    const late = await submit('Fan alarm');
    const { response: closed } = await client.POST(`${CASES}/{token}/closure`, {
      params: { path: { token: accepted } },
      headers: idempotent(),
    });
    expect(closed.status).toBe(200);

    // Back up: it catches up from its saved cursor, and the retried deliveries find everything applied.
    mirror = await startMirror({ client, secrets: () => [secret], port, file: mirrorFile });
    try {
      const expected = await apiView();
      expect(Object.keys(expected).sort()).toEqual([accepted, asked, refused, late].sort());
      // The feed serves a commit once no older transaction runs on the server: poll until it shows the last one.
      await until(async () => {
        await mirror.mirror.catchUp();
        return JSON.stringify(sorted(mirror.mirror.state.cases)) === JSON.stringify(sorted(expected));
      });
      expect(sorted(mirror.mirror.state.cases)).toEqual(sorted(expected));
      // The deliveries that failed while it was down come again, and change nothing.
      await until(() => mirror.mirror.deliveries.duplicate > 0);
      expect(sorted(mirror.mirror.state.cases)).toEqual(sorted(expected));
      expect(expected[accepted]).toMatchObject({ status: 'closed', receiver_case_number: 'P-100' });
      expect(expected[accepted].notes.map((note) => note.summary)).toEqual([
        'Logs attached',
        'Looking at them',
        'Customer window is Friday',
      ]);
      expect(expected[refused].responses).toEqual(['information-request', 'rejection']);
    } finally {
      await mirror.stop();
    }
  }, 60_000);
});

/** Polls `done` until it holds or 20 s pass (the assertion after it says what was wrong). */
async function until(done: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await done()) && Date.now() < deadline) await sleep(100);
}

function sorted(cases: MirrorState['cases']): MirrorState['cases'] {
  return Object.fromEntries(Object.entries(cases).sort(([a], [b]) => (a < b ? -1 : 1)));
}
