import {
  applyCaseEventToDetail,
  applyCaseEventToPublic,
  CaseEventMessage,
  CasesChangedMessage,
  QueueChangedMessage,
  type CaseAudience,
  type CaseDetail,
  type CaseEventType,
  type PublicCaseResponse,
} from '@casebridge/contracts';
import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bearer, startApi, type ApiHarness } from '../../test/kit/api-harness';
import { aCompany, aProcess, aSuperAdmin, aUser, signedIn } from '../../test/kit/factories';
import { documentsOf } from '../../test/kit/member-fixtures';
import { allFields, countryId, FULL_FORM, globexCaseSubmission } from './collaboration-form';
import { collect, connectLive, followCase, type LiveClient } from './live-clients';

/**
 * The world of the case event tests (platform/realtime/case-event-*.int-spec.ts), built once per test file: a
 * submitting company's caller, a receiving company's business manager, a super admin and the receiver's full-form
 * collaboration process; and what the tests do with it: submit a case, read each audience's pages through REST,
 * follow the case or watch the lists and the escalation queue live, and check that each audience's message, applied
 * to what it held, equals its next REST answer.
 */
export type CaseEventWorld = Awaited<ReturnType<typeof aCaseEventWorld>>;

export async function aCaseEventWorld() {
  const storage = await mkdtemp(join(tmpdir(), 'casebridge-event-payloads-'));
  let api: ApiHarness | undefined;
  const sockets: LiveClient[] = [];
  const close = async () => {
    sockets.forEach((socket) => socket.close());
    await api?.close();
    await rm(storage, { recursive: true, force: true });
  };
  try {
    api = await startApi({ STORAGE_DIR: storage });
    return { ...(await populate(api, sockets)), close };
  } catch (error) {
    await close();
    throw error;
  }
}

type Pages = Record<'submitter' | 'receiver' | 'staff', { case: CaseDetail }> & { link: PublicCaseResponse };

/** A REST row without the viewer's own read count: live rows are everyone's, and a client keeps the one it has. */
function companyPart(row: { token: string; read_count?: unknown } | undefined) {
  if (!row) return row;
  const { read_count: _viewerOnly, ...shared } = row;
  return shared;
}

/** The companies, users and process of the world, and what the tests do with them. */
async function populate(api: ApiHarness, sockets: LiveClient[]) {
  // The submitting company's caller, the receiving company's business manager and a super admin.
  const tokens: Record<'submitter' | 'receiver' | 'admin', string> = { submitter: '', receiver: '', admin: '' };
  const submitter = await aCompany(api);
  const receiver = await aCompany(api);
  const caller = await aUser(api, { company: submitter, role: 'caller' });
  tokens.submitter = await signedIn(api, caller);
  tokens.receiver = await signedIn(api, await aUser(api, { company: receiver, role: 'business_manager' }));
  tokens.admin = await signedIn(api, await aSuperAdmin(api));
  const process = await aProcess(api, { company: receiver, fields: FULL_FORM });
  const documents = await documentsOf(api, tokens.submitter, 'company', receiver.id);
  const collaboration = documents.documents.find((doc) => doc.id === process.id)!;
  const documentId = collaboration.id;
  const canada = await countryId(api, tokens.submitter, 'Canada');
  const submitBody = (number: string) =>
    globexCaseSubmission(receiver.id, allFields(collaboration), canada, {
      first_name: caller.firstName,
      last_name: caller.lastName,
      email: caller.email,
      internal_case_number: number,
    });

  const em = () => api.app.get(MikroORM).em.fork() as EntityManager;
  const get = async (path: string, token?: string) => {
    const request = api.http().get(`/api/${path}`);
    return (await (token ? request.set(bearer(token)) : request).expect(200)).body;
  };
  const post = (path: string, body: object, token?: string) => {
    const request = api.http().post(`/api/${path}`);
    return (token ? request.set(bearer(token)) : request).send(body);
  };
  const open = async (auth: Record<string, string>) => {
    const socket = await connectLive(api, auth);
    sockets.push(socket);
    return socket;
  };

  /** What each audience holds of one case, read through REST. */
  async function readPages(caseToken: string): Promise<Pages> {
    return {
      submitter: await get(`caller/case-details/${caseToken}`, tokens.submitter),
      receiver: await get(`caller/case-details/${caseToken}`, tokens.receiver),
      staff: await get(`caller/case-details/${caseToken}`, tokens.admin),
      link: await get(`caller/case/${caseToken}`),
    };
  }

  /** The pages of a case and a socket of each audience following it. */
  async function watch(caseToken: string) {
    const pages = await readPages(caseToken);
    const followers = {
      submitter: await open({ token: tokens.submitter }),
      receiver: await open({ token: tokens.receiver }),
      staff: await open({ token: tokens.admin }),
      link: await open({ case_token: caseToken }),
    };
    const events = Object.fromEntries(
      Object.entries(followers).map(([audience, socket]) => [audience, collect(socket, 'case.event')]),
    ) as Record<CaseAudience, ReturnType<typeof collect<'case.event'>>>;
    for (const socket of Object.values(followers))
      expect(await followCase(socket, caseToken)).toMatchObject({ ok: true });
    return { pages, events };
  }

  /** Lists are watched by sockets that do not follow the case (followers get the case.event instead). */
  async function listWatchers() {
    return {
      submitter: collect(await open({ token: tokens.submitter }), 'cases.changed'),
      receiver: collect(await open({ token: tokens.receiver }), 'cases.changed'),
      queue: collect(await open({ token: tokens.admin }), 'queue.changed'),
    };
  }

  async function expectListRowsMatch(lists: Awaited<ReturnType<typeof listWatchers>>, caseToken: string, seq: number) {
    for (const [company, token] of [
      ['submitter', tokens.submitter],
      ['receiver', tokens.receiver],
    ] as const) {
      const message = CasesChangedMessage.parse(
        await lists[company].next((m) => m.case_token === caseToken && m.seq === seq),
      );
      const rows = (await get('caller/get-cases/company?limit=100', token)).data as { token: string }[];
      expect(message.row).toEqual(companyPart(rows.find((row) => row.token === caseToken)));
      expect(message.removed).toBe(false);
    }
    const queued = QueueChangedMessage.parse(
      await lists.queue.next((m) => m.queue === 'escalation' && 'token' in m.row && m.row.token === caseToken),
    );
    const queue = (await get('super_admin/escalation/queue/all-10?limit=100', tokens.admin)).data as {
      token: string;
    }[];
    expect(queued.row).toEqual(companyPart(queue.find((row) => row.token === caseToken)));
  }

  /** A case submitted by the submitting company's caller to the receiver's process; its token. */
  async function submitCase(number: string): Promise<string> {
    const submitted = await post(`caller/collaborate/${documentId}`, submitBody(number), tokens.submitter).expect(200);
    return submitted.body.case.token as string;
  }

  const acceptAsGina = (caseToken: string) =>
    post(`caller/case/${caseToken}/respond`, {
      status: 'accepted',
      engineer_name: 'Gina',
      engineer_email: 'gina@globex.test',
    }).expect(200);

  /** Each audience's message, applied to what it held, equals its next REST answer. */
  async function expectEveryAudienceCatchesUp(
    watched: Awaited<ReturnType<typeof watch>>,
    caseToken: string,
    type: CaseEventType,
  ): Promise<Record<CaseAudience, CaseEventMessage>> {
    const messages = {} as Record<CaseAudience, CaseEventMessage>;
    for (const audience of ['submitter', 'receiver', 'staff', 'link'] as const) {
      messages[audience] = CaseEventMessage.parse(await watched.events[audience].next((m) => m.type === type));
    }
    const next = await readPages(caseToken);
    for (const audience of ['submitter', 'receiver', 'staff'] as const) {
      expect(applyCaseEventToDetail(watched.pages[audience].case, messages[audience])).toEqual(next[audience].case);
    }
    expect(applyCaseEventToPublic(watched.pages.link, messages.link)).toEqual(next.link);
    watched.pages = next;
    return messages;
  }

  return {
    api,
    tokens,
    receiver,
    caller,
    em,
    post,
    open,
    readPages,
    watch,
    listWatchers,
    expectListRowsMatch,
    submitCase,
    acceptAsGina,
    expectEveryAudienceCatchesUp,
  };
}
