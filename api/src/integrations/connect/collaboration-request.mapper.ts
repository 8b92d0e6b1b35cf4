import type {
  CaseDirection,
  CaseEntry,
  CaseNoteShape,
  CollaborationNote,
  CollaborationRequest,
  CollaborationResponse,
  CaseResponseShape,
} from '@casebridge/contracts';

/**
 * The case as the cases domain reads it (the case page's CaseEntry), in the integration API's names
 * (docs/connect-api.md maps them to the anchor API's). Fields are picked one by one: nothing the page has for its
 * screens (notes, attachments, controls) leaks into the resource.
 */
export function toCollaborationRequest(entry: CaseEntry, direction: CaseDirection): CollaborationRequest {
  return {
    id: entry.id,
    token: entry.token,
    direction,
    status: entry.status,
    priority: entry.priority,
    summary: entry.summary,
    description: entry.description,
    internal_case_number: entry.internal_case_number,
    receiver_case_number: entry.receiver_case_number,
    submitter: { company_id: entry.company.id, company_name: entry.company.name },
    receiver: { company_id: entry.receiver.id, company_name: entry.receiver.name },
    engineer: {
      first_name: entry.engineer.first_name,
      last_name: entry.engineer.last_name,
      email: entry.engineer.email,
      phone: entry.engineer.phone,
      phone_country_code: entry.engineer.phone_country_code,
    },
    receiver_engineer: {
      name: entry.receiver_engineer.name,
      email: entry.receiver_engineer.email,
      phone: entry.receiver_engineer.phone,
    },
    created_at: entry.created_at,
    updated_at: entry.updated_at,
    response_due_at: entry.response_due_at,
    event_seq: entry.event_seq,
    responses: entry.responses.map(toCollaborationResponse),
    custom_fields: entry.customer_data.map((field) => ({
      section: field.section,
      field: field.field,
      value: field.value,
      type: field.type,
    })),
    custom_fields_purged: entry.customer_data_purged,
    test_case: entry.is_test,
  };
}

function toCollaborationResponse(response: CaseResponseShape): CollaborationResponse {
  return {
    id: response.id,
    type: response.type,
    case_number: response.case_number,
    engineer_name: response.engineer_name,
    engineer_email: response.engineer_email,
    engineer_phone: response.engineer_phone,
    // The submitter's reply keeps its text in additional_information; every other answer in next_steps.
    text: response.type === 'information-response' ? response.additional_information : response.next_steps,
    created_at: response.created_at,
  };
}

export function toCollaborationNote(note: CaseNoteShape): CollaborationNote {
  return {
    id: note.id,
    summary: note.summary,
    description: note.description,
    creator_name: note.creator_name,
    company_name: note.company?.name ?? null,
    created_at: note.created_at,
    visibility: note.visibility,
  };
}
