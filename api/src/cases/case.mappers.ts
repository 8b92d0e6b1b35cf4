import type {
  CaseAttachmentShape,
  CaseDetail,
  CaseEntry,
  CaseNoteShape,
  CaseResponseShape,
  PublicCaseResponse,
} from '@casebridge/contracts';
import type { Case, CaseAttachment, CaseNote, CaseResponse } from '@casebridge/db';
import { allowedAnswers, caseControls, slaState, type CaseSide } from '@casebridge/contracts';

/** Relations a case needs loaded before it is mapped to a CaseEntry. */
export const CASE_ENTRY_POPULATE = [
  'submitterCompany',
  'receiverCompany',
  'receiverDepartment',
  'document',
  'documentVersion',
  'customerData',
  'responses',
] as const;

export function toCaseResponse(response: CaseResponse): CaseResponseShape {
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

export function toCaseNote(note: CaseNote): CaseNoteShape {
  return {
    id: note.id,
    summary: note.summary,
    description: note.description,
    created_at: note.createdAt.toISOString(),
    creator_name: note.creatorName,
    user: note.user ? { full_name: note.user.fullName } : null,
    company: note.company ? { name: note.company.name, url: note.company.url } : null,
  };
}

export function toCaseAttachment(attachment: CaseAttachment): CaseAttachmentShape {
  return {
    id: attachment.id,
    original_filename: attachment.originalFilename,
    size_bytes: attachment.sizeBytes,
    description: attachment.description,
    upload_state: attachment.uploadState,
    created_at: attachment.createdAt.toISOString(),
    company: attachment.company ? { name: attachment.company.name } : null,
  };
}

/** The case as both sides and the token pages see it; needs CASE_ENTRY_POPULATE. */
export function toCaseEntry(kase: Case): CaseEntry {
  const purged = kase.customerDataPurgedAt !== null;
  const version = kase.documentVersion;
  const sla = slaState(kase);
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
    responses: kase.responses.getItems().map(toCaseResponse),
    document: {
      id: kase.document.id,
      name: kase.document.name,
      document_type: version.documentType,
      escalation_instructions: version.escalationInstructions,
    },
    created_at: kase.createdAt.toISOString(),
    updated_at: kase.updatedAt.toISOString(),
    response_due_at: kase.responseDueAt?.toISOString() ?? null,
    sla_paused: sla.paused,
    event_seq: kase.eventSeq,
  };
}

export function toCaseDetail(
  kase: Case,
  viewer: { side: CaseSide; allowNotes: boolean },
  notes: CaseNote[],
  attachments: CaseAttachment[],
): CaseDetail {
  return {
    ...toCaseEntry(kase),
    direction: viewer.side === 'receiver' ? 'inbound' : 'outbound',
    notes: viewer.allowNotes ? notes.map(toCaseNote) : [],
    attachments: attachments.map(toCaseAttachment),
    allow_notes: viewer.allowNotes,
    controls: caseControls(kase.status, viewer.side, viewer.allowNotes),
  };
}

export function toPublicCase(kase: Case): PublicCaseResponse {
  const responses = kase.responses.getItems();
  const latest = responses.length ? responses[responses.length - 1] : null;
  return {
    case: toCaseEntry(kase),
    response: latest ? toCaseResponse(latest) : null,
    allResponses: responses.map(toCaseResponse),
    receiver: { name: kase.receiverCompany.name, slug: kase.receiverCompany.slug },
    allowed: allowedAnswers(kase.status, responses),
  };
}
