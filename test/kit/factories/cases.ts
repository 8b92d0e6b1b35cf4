import { randomBytes } from 'node:crypto';
import { DEFAULT_RESPONSE_TIME_HOURS, type CaseStatus, type Priority } from '@casebridge/contracts';
import { Case, CaseEvent, Company, ContactDocument, Department, User } from '@casebridge/db';
import type { RequiredEntityData } from '@mikro-orm/core';
import { bearer, type ApiHarness } from '../api-harness';
import { signedIn } from './accounts';
import { emOf, settle, uniqueName, type FactoryTarget } from './world';

export interface CaseSpec {
  /** The submitter: a signed-in member of the submitting company. */
  from: User;
  /** The receiving process (its company receives the case). */
  to: ContactDocument;
  /** Where the case ends up (default open). */
  status?: CaseStatus;
  /** Send it to a department the process serves instead of the company. */
  department?: Department;
  priority?: Priority;
  summary?: string;
  /** Answers to the process's own fields (custom_{requirement id}) and other body fields. */
  body?: Record<string, unknown>;
  /** More fields of the receiver's acceptance (case_number, engineer_phone, reviewer_*). */
  acceptance?: Record<string, unknown>;
}

/** The receiver's engineer in the token-link answers aCase gives. */
export const RECEIVER_ENGINEER = { engineer_name: 'Rae Receiver', engineer_email: 'engineer@receiver.test' };

/** The path from open to each status, as the receiver (token link) and the submitter answer. */
const PATHS: Record<CaseStatus, ('information' | 'accepted' | 'rejected' | 'close')[]> = {
  open: [],
  information: ['information'],
  accepted: ['accepted'],
  // A case is rejected only while information is requested.
  rejected: ['information', 'rejected'],
  closed: ['accepted', 'close'],
};

/**
 * A case submitted through the api and driven to `status` through the api, as people do it: the submitter's
 * collaborate call, then the receiver's token-link answers and the submitter's close. So the case has what a real
 * one has at that status: its responses, numbered events, SLA clock, queued mails and live events. Use it whenever
 * the test reads or changes a case's life; aCaseRow writes only the row.
 */
export async function aCase(api: ApiHarness, spec: CaseSpec): Promise<Case> {
  const submitter = bearer(await signedIn(api, spec.from));
  const internalCaseNumber = uniqueName('case').toUpperCase();
  const submitted = await api
    .http()
    .post(`/api/caller/collaborate/${spec.to.id}`)
    .set(submitter)
    .send({
      first_name: spec.from.firstName,
      last_name: spec.from.lastName,
      email: spec.from.email,
      internal_case_number: internalCaseNumber,
      problem_summary: spec.summary ?? `Summary of ${internalCaseNumber}`,
      problem_description: `Description of ${internalCaseNumber}`,
      case_priority: spec.priority ?? 'low',
      collaborate_type: spec.department ? 'department' : 'company',
      collaborate_entity: spec.department?.id ?? companyIdOf(spec.to),
      ...spec.body,
    });
  if (submitted.status !== 200) {
    throw new Error(`aCase: submission failed: ${submitted.status} ${JSON.stringify(submitted.body)}`);
  }
  const token = (submitted.body as { case: { token: string } }).case.token;
  for (const step of PATHS[spec.status ?? 'open']) {
    const answer =
      step === 'close'
        ? api.http().post(`/api/caller/case/${token}/close`).set(submitter).send({})
        : api
            .http()
            .post(`/api/caller/case/${token}/respond`)
            .send({
              status: step,
              ...RECEIVER_ENGINEER,
              next_steps: `Next steps: ${step}.`,
              ...(step === 'accepted' ? spec.acceptance : {}),
            });
    const response = await answer;
    if (response.status !== 200) {
      throw new Error(`aCase: ${step} failed: ${response.status} ${JSON.stringify(response.body)}`);
    }
  }
  return emOf(api).findOneOrFail(Case, { token }, { populate: ['submitterCompany', 'receiverCompany'] });
}

function companyIdOf(process: ContactDocument): number {
  return typeof process.company === 'object' ? process.company.id : Number(process.company);
}

export interface CaseRowSpec {
  from: User;
  to: ContactDocument;
  status?: CaseStatus;
  priority?: Priority;
  createdAt?: Date;
  overrides?: Partial<RequiredEntityData<Case>>;
}

/**
 * Only the row (and its "submitted" event, as every case has): no answers, mails or live events, and the status
 * written directly with its timestamps. For tests that need cases to list, count, age or purge (a case created
 * weeks ago, many cases at once, worker jobs that read rows), never for tests of a case's life: use aCase there.
 */
export async function aCaseRow(target: FactoryTarget, spec: CaseRowSpec): Promise<Case> {
  const em = emOf(target);
  const document = await em.findOneOrFail(ContactDocument, spec.to.id, { populate: ['currentVersion', 'company'] });
  if (!spec.from.company) throw new Error('aCaseRow: the submitter needs a company');
  const createdAt = spec.createdAt ?? new Date();
  const status = spec.status ?? 'open';
  const priority = spec.priority ?? 'low';
  const finished = status === 'accepted' || status === 'closed' || status === 'rejected';
  const internalCaseNumber = uniqueName('case').toUpperCase();
  const kase = em.create(Case, {
    token: randomBytes(24).toString('base64url'),
    internalCaseNumber,
    submitterCompany: em.getReference(Company, spec.from.company.id),
    submitterUser: em.getReference(User, spec.from.id),
    receiverCompany: document.company,
    document,
    documentVersion: document.currentVersion!,
    status,
    priority,
    summary: `Summary of ${internalCaseNumber}`,
    description: `Description of ${internalCaseNumber}`,
    engineerFirstName: spec.from.firstName,
    engineerLastName: spec.from.lastName,
    engineerEmail: spec.from.email,
    responseDueAt: new Date(createdAt.getTime() + DEFAULT_RESPONSE_TIME_HOURS[priority] * 3600_000),
    slaPausedAt: status === 'information' ? createdAt : null,
    slaStoppedAt: finished ? createdAt : null,
    acceptedAt: status === 'accepted' || status === 'closed' ? createdAt : null,
    closedAt: status === 'closed' ? createdAt : null,
    // Whose move the status leaves (an information request written directly is an unanswered one).
    turn: status === 'open' ? 'receiver' : status === 'information' ? 'submitter' : null,
    eventSeq: 1,
    // The "submitted" entry below, as every side sees it (appendCaseEvents keeps these for real cases).
    entriesSubmitter: 1,
    entriesReceiver: 1,
    entriesStaff: 1,
    createdAt,
    updatedAt: createdAt,
    ...spec.overrides,
  });
  em.create(CaseEvent, {
    case: kase,
    seq: 1,
    type: 'submitted',
    actorUser: em.getReference(User, spec.from.id),
    actorLabel: `${spec.from.firstName} ${spec.from.lastName}`,
    payload: { status: 'open', priority },
    createdAt,
  });
  await em.flush();
  await settle(target);
  return kase;
}
