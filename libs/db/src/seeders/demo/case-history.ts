import { entryIncrements } from '../../attention/reader-sql';
import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  DEFAULT_RESPONSE_TIME_HOURS,
  type CaseEventType,
  type Priority,
  type RequirementSection,
} from '@casebridge/contracts';
import { Company } from '../../entities/accounts/company.entity';
import { User } from '../../entities/accounts/user.entity';
import { CaseCustomerData } from '../../entities/cases/case-customer-data.entity';
import { CaseEvent } from '../../entities/cases/case-event.entity';
import { CaseNote } from '../../entities/cases/case-note.entity';
import { CaseResponse } from '../../entities/cases/case-response.entity';
import { Case } from '../../entities/cases/case.entity';
import type { DemoDocument } from './documents';
import type { DemoRequirements } from './requirements';
import { hoursAfter } from './time';

/*
 * A demo case's history, written as the api writes it: the submission with its customer data, then responses and
 * notes, each with the numbered event the api appends for every change.
 */

/** Random url-safe token, the same shape the api gives new cases. */
function caseToken(): string {
  return randomBytes(24).toString('base64url');
}

export type CustomerValues = [section: RequirementSection, codeLabel: string, value: string][];

interface CaseDefinition {
  internalCaseNumber: string;
  submitter: User;
  receiver: Company;
  process: DemoDocument;
  priority: Priority;
  summary: string;
  description: string;
  createdAt: Date;
  customerData: CustomerValues;
}

export interface Seeder {
  em: EntityManager;
  requirements: DemoRequirements;
}

export function submitCase({ em, requirements }: Seeder, definition: CaseDefinition): Case {
  const submitter = definition.submitter;
  if (!submitter.company) throw new Error(`Demo seed: ${submitter.email} has no company`);
  const kase = em.create(Case, {
    token: caseToken(),
    internalCaseNumber: definition.internalCaseNumber,
    submitterCompany: submitter.company,
    submitterUser: submitter,
    receiverCompany: definition.receiver,
    receiverDepartment: definition.process.document.departments.getItems()[0] ?? null,
    document: definition.process.document,
    documentVersion: definition.process.version,
    status: 'open',
    priority: definition.priority,
    summary: definition.summary,
    description: definition.description,
    engineerFirstName: submitter.firstName,
    engineerLastName: submitter.lastName,
    engineerEmail: submitter.email,
    engineerPhone: submitter.phone,
    engineerPhoneCountryCode: submitter.phoneCountryCode,
    responseDueAt: hoursAfter(definition.createdAt, DEFAULT_RESPONSE_TIME_HOURS[definition.priority]),
    createdAt: definition.createdAt,
    updatedAt: definition.createdAt,
  });
  for (const [section, codeLabel, value] of definition.customerData) {
    const requirement = requirements.get(codeLabel);
    if (!requirement) throw new Error(`Demo seed: no requirement ${codeLabel}`);
    em.create(CaseCustomerData, {
      case: kase,
      section,
      field: requirement.label,
      value,
      type: requirement.type,
      requirement,
    });
  }
  recordEvent(em, kase, 'submitted', definition.createdAt, submitter, {
    status: 'open',
    priority: definition.priority,
  });
  return kase;
}

/** Appends the next event (seq = eventSeq + 1), as the api does for every change. */
export function recordEvent(
  em: EntityManager,
  kase: Case,
  type: CaseEventType,
  at: Date,
  actor: User | null,
  payload: Record<string, unknown>,
  actorLabel?: string,
): void {
  kase.eventSeq += 1;
  const adds = entryIncrements({ type, visibleTo: null });
  kase.entriesSubmitter += adds.submitter;
  kase.entriesReceiver += adds.receiver;
  kase.entriesStaff += adds.staff;
  kase.updatedAt = at;
  em.create(CaseEvent, {
    case: kase,
    seq: kase.eventSeq,
    type,
    actorUser: actor,
    actorLabel: actorLabel ?? actor?.fullName ?? null,
    payload,
    createdAt: at,
  });
}

export function respond(
  em: EntityManager,
  kase: Case,
  response: Omit<Partial<CaseResponse>, 'case'> & Pick<CaseResponse, 'type'>,
  at: Date,
  actor: User,
): void {
  em.create(CaseResponse, { ...response, case: kase, user: actor, company: actor.company, createdAt: at });
  switch (response.type) {
    case 'approval':
      kase.status = 'accepted';
      kase.acceptedAt = at;
      kase.slaStoppedAt ??= at;
      kase.receiverCaseNumber = response.caseNumber ?? null;
      kase.receiverEngineerName = response.engineerName ?? null;
      kase.receiverEngineerEmail = response.engineerEmail ?? null;
      kase.receiverEngineerPhone = response.engineerPhone ?? null;
      recordEvent(em, kase, 'accepted', at, actor, { status: 'accepted' });
      break;
    case 'rejection':
      kase.status = 'rejected';
      kase.slaStoppedAt ??= at;
      recordEvent(em, kase, 'rejected', at, actor, { status: 'rejected' });
      break;
    case 'information-request':
      kase.status = 'information';
      kase.slaPausedAt = at;
      recordEvent(em, kase, 'information_requested', at, actor, { status: 'information' });
      break;
    case 'information-response':
      // The clock runs again once the submitter has answered.
      if (kase.slaPausedAt) kase.slaPausedSeconds += Math.round((at.getTime() - kase.slaPausedAt.getTime()) / 1000);
      kase.slaPausedAt = null;
      recordEvent(em, kase, 'information_supplied', at, actor, { status: 'information' });
      break;
  }
}

export function addNote(
  em: EntityManager,
  kase: Case,
  author: User,
  summary: string,
  description: string,
  at: Date,
): void {
  em.create(CaseNote, {
    case: kase,
    user: author,
    company: author.company,
    creatorName: author.fullName,
    summary,
    description,
    createdAt: at,
  });
  recordEvent(em, kase, 'note_added', at, author, { summary });
}
