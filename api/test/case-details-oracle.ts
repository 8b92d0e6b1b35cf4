import {
  allowedAnswers,
  caseControls,
  slaState,
  type CaseDetail,
  type CaseEscalationShape,
  type CaseEntry,
  type CaseResponseShape,
  entryVisibleTo,
  NOTE_ENTRY_TYPES,
  type CaseEventType,
  type CaseSide,
  type CaseTimelineEntry,
  type PublicCaseResponse,
  type ReaderSide,
} from '@casebridge/contracts';
import { Case, CaseAttachment, CaseEvent, CaseNote, ManagerRequest, User, type CaseResponse } from '@casebridge/db';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Actor } from '../src/platform/access/actor';

/**
 * The case pages as the api built them before they were read in one SQL statement: hydrated entities mapped field
 * by field. Kept as the reference the SQL reads are compared with, byte for byte (case-details.int-spec.ts).
 */

const POPULATE = [
  'submitterCompany',
  'receiverCompany',
  'receiverDepartment',
  'document',
  'documentVersion',
  'customerData',
  'responses',
  'submitterAssignee',
  'receiverAssignee',
] as const;

/** What the member page answered, or null where it answered 404. */
export async function oracleMemberDetail(em: EntityManager, actor: Actor, token: string): Promise<CaseDetail | null> {
  if (actor.role !== 'super_admin' && actor.companyId === null) return null;
  const scope =
    actor.role === 'super_admin'
      ? { token, deletedAt: null }
      : {
          token,
          deletedAt: null,
          $or: [{ submitterCompany: actor.companyId }, { receiverCompany: actor.companyId }],
        };
  const kase = await em.findOne(Case, scope, { populate: POPULATE });
  if (!kase) return null;
  const viewer = await em.findOneOrFail(User, actor.userId, { populate: ['company'] });
  const allowNotes = viewer.company?.allowNotes ?? false;
  const notes = allowNotes
    ? await em.find(
        CaseNote,
        // An internal note only for its author's company.
        { case: kase, deletedAt: null, $or: [{ visibility: 'partner' }, { company: viewer.company?.id ?? -1 }] },
        { populate: ['user', 'company'], orderBy: { createdAt: 'desc', id: 'desc' } },
      )
    : [];
  const attachments = await em.find(CaseAttachment, { case: kase }, { populate: ['company'], orderBy: { id: 'asc' } });
  const escalations = await em.find(
    ManagerRequest,
    { case: kase },
    {
      populate: ['document', 'submitterCompany', 'receiverCompany', 'responses'],
      orderBy: { createdAt: 'asc', id: 'asc' },
    },
  );
  const side: CaseSide =
    actor.companyId === null
      ? 'none'
      : kase.submitterCompany.id === actor.companyId
        ? 'submitter'
        : kase.receiverCompany.id === actor.companyId
          ? 'receiver'
          : 'none';
  return {
    ...toEntry(kase),
    direction: side === 'receiver' ? 'inbound' : 'outbound',
    notes: notes.map((note) => ({
      id: note.id,
      summary: note.summary,
      description: note.description,
      created_at: note.createdAt.toISOString(),
      creator_name: note.creatorName,
      user: note.user ? { full_name: note.user.fullName } : null,
      company: note.company ? { name: note.company.name, url: note.company.url } : null,
      visibility: note.visibility,
    })),
    attachments: attachments.map((attachment) => ({
      id: attachment.id,
      original_filename: attachment.originalFilename,
      size_bytes: attachment.sizeBytes,
      description: attachment.description,
      upload_state: attachment.uploadState,
      created_at: attachment.createdAt.toISOString(),
      company: attachment.company ? { name: attachment.company.name } : null,
    })),
    escalations: escalations.map(toEscalation),
    timeline: await oracleTimeline(em, kase, side === 'none' ? 'staff' : side, allowNotes),
    assignee: ownerOf(
      side === 'submitter' ? kase.submitterAssignee : side === 'receiver' ? kase.receiverAssignee : null,
    ),
    allow_notes: allowNotes,
    controls: caseControls(kase.status, side, allowNotes),
  };
}

/** The log's entries the side sees, each naming its item, oldest first. */
async function oracleTimeline(
  em: EntityManager,
  kase: Case,
  side: ReaderSide,
  allowNotes: boolean,
): Promise<CaseTimelineEntry[]> {
  const events = await em.find(CaseEvent, { case: kase }, { orderBy: { seq: 'asc' } });
  const idIn = (payload: Record<string, unknown> | null, key: string) => {
    const value = payload?.[key];
    return typeof value === 'number' ? value : null;
  };
  return events
    .map((event) => ({ event, type: event.type as CaseEventType }))
    .filter(({ event, type }) => entryVisibleTo(side, { type, visibleTo: event.visibleTo }))
    .filter(({ type }) => allowNotes || !(NOTE_ENTRY_TYPES as readonly string[]).includes(type))
    .map(({ event, type }) => {
      const many = event.payload?.attachment_ids;
      const one = idIn(event.payload, 'attachment_id');
      return {
        seq: event.seq,
        type,
        actor: event.actorLabel,
        at: event.createdAt.toISOString(),
        response_id: idIn(event.payload, 'response_id'),
        note_id: idIn(event.payload, 'note_id'),
        attachment_ids: Array.isArray(many) ? (many as number[]) : one === null ? [] : [one],
        escalation_id: idIn(event.payload, 'manager_request_id'),
        assigned_to:
          type === 'assigned' && idIn(event.payload, 'assignee_user_id') !== null
            ? { id: idIn(event.payload, 'assignee_user_id') as number, full_name: String(event.payload?.assignee_name) }
            : null,
      };
    });
}

function ownerOf(user: User | null): CaseDetail['assignee'] {
  return user ? { id: user.id, full_name: user.fullName } : null;
}

function toEscalation(request: ManagerRequest): CaseEscalationShape {
  const [answer] = [...request.responses.getItems()].sort(
    (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id,
  );
  return {
    id: request.id,
    process: request.document.name,
    requested_by: `${request.firstName} ${request.lastName}`.trim(),
    company: request.submitterCompany.name,
    internal_reference: request.internalReference,
    business_impact: request.businessImpact,
    escalation_type: request.escalationType,
    notes: request.notes,
    created_at: request.createdAt.toISOString(),
    answer: answer
      ? {
          id: answer.id,
          answered_by: `${answer.firstName} ${answer.lastName}`.trim(),
          company: request.receiverCompany.name,
          internal_reference: answer.internalReference,
          escalation_type: answer.escalationType,
          notes: answer.notes,
          created_at: answer.createdAt.toISOString(),
        }
      : null,
  };
}

/** What the token page answered, or null where it answered 404. */
export async function oraclePublicCase(em: EntityManager, token: string): Promise<PublicCaseResponse | null> {
  const kase = await em.findOne(Case, { token, deletedAt: null }, { populate: POPULATE });
  if (!kase) return null;
  const responses = kase.responses.getItems();
  const latest = responses.length ? responses[responses.length - 1] : null;
  return {
    case: toEntry(kase),
    response: latest ? toResponse(latest) : null,
    allResponses: responses.map(toResponse),
    receiver: { name: kase.receiverCompany.name, slug: kase.receiverCompany.slug },
    allowed: allowedAnswers(kase.status, responses),
  };
}

function toResponse(response: CaseResponse): CaseResponseShape {
  return {
    id: response.id,
    type: response.type,
    case_number: response.caseNumber,
    engineer_name: response.engineerName,
    engineer_email: response.engineerEmail,
    engineer_phone: response.engineerPhone,
    reviewer_name: response.reviewerName,
    reviewer_email: response.reviewerEmail,
    next_steps: response.nextSteps,
    additional_information: response.additionalInformation,
    created_at: response.createdAt.toISOString(),
  };
}

function toEntry(kase: Case): CaseEntry {
  const purged = kase.customerDataPurgedAt !== null;
  const version = kase.documentVersion;
  return {
    id: kase.id,
    token: kase.token,
    status: kase.status,
    internal_case_number: kase.internalCaseNumber,
    summary: kase.summary,
    description: kase.description,
    priority: kase.priority,
    company: { id: kase.submitterCompany.id, name: kase.submitterCompany.name, slug: kase.submitterCompany.slug },
    receiver: {
      id: kase.receiverCompany.id,
      name: kase.receiverCompany.name,
      slug: kase.receiverCompany.slug,
      department: kase.receiverDepartment?.name ?? null,
    },
    engineer: {
      first_name: kase.engineerFirstName,
      last_name: kase.engineerLastName,
      email: kase.engineerEmail,
      phone: kase.engineerPhone,
      phone_country_code: kase.engineerPhoneCountryCode,
    },
    receiver_case_number: kase.receiverCaseNumber,
    receiver_engineer: {
      name: kase.receiverEngineerName,
      email: kase.receiverEngineerEmail,
      phone: kase.receiverEngineerPhone,
    },
    customer_data: purged
      ? []
      : [...kase.customerData.getItems()]
          .sort((a, b) => a.id - b.id)
          .map((row) => ({ section: row.section, field: row.field, value: row.value, type: row.type })),
    customer_data_purged: purged,
    responses: kase.responses.getItems().map(toResponse),
    document: {
      id: kase.document.id,
      name: kase.document.name,
      document_type: version.documentType,
      escalation_instructions: version.escalationInstructions,
    },
    created_at: kase.createdAt.toISOString(),
    updated_at: kase.updatedAt.toISOString(),
    response_due_at: kase.responseDueAt?.toISOString() ?? null,
    sla_paused: slaState(kase).paused,
    event_seq: kase.eventSeq,
    is_test: kase.isTest,
    turn: kase.turn,
  };
}
