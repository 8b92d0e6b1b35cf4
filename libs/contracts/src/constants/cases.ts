/** Case statuses and their labels. */
export const CASE_STATUSES = ['open', 'accepted', 'information', 'rejected', 'closed'] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];
export const CASE_STATUS_LABELS: Record<CaseStatus, string> = {
  open: 'Awaiting response',
  accepted: 'Collaboration accepted',
  information: 'Information requested',
  rejected: 'Collaboration rejected',
  closed: 'Collaboration closed',
};

/** Whose move a case waits for; null (in the rows) when nobody's: accepted, rejected or closed. */
export const CASE_TURNS = ['submitter', 'receiver'] as const;
export type CaseTurn = (typeof CASE_TURNS)[number];

/**
 * The status as a list or a case page names it: an information request the submitter answered reads as such (the
 * receiver's move again), not as "Information requested".
 */
export function caseStatusLabel(status: CaseStatus, turn: CaseTurn | null): string {
  return status === 'information' && turn === 'receiver' ? 'Information supplied' : CASE_STATUS_LABELS[status];
}

export const RESPONSE_TYPES = ['approval', 'rejection', 'information-request', 'information-response'] as const;
export type ResponseType = (typeof RESPONSE_TYPES)[number];

/** Status a public respond call may carry; information-reply marks an answer. */
export const RESPOND_STATUSES = ['accepted', 'information', 'rejected', 'information-reply'] as const;
export type RespondStatus = (typeof RESPOND_STATUSES)[number];

export const PRIORITIES = ['low', 'medium', 'high'] as const;
export type Priority = (typeof PRIORITIES)[number];
/** low P3, medium P2, high P1. */
export const PRIORITY_LABELS: Record<Priority, string> = { low: 'P3', medium: 'P2', high: 'P1' };
/** Priority labels of the back office's escalation queue. */
export const PRIORITY_QUEUE_LABELS: Record<Priority, string> = {
  low: 'Priority 3',
  medium: 'Priority 2',
  high: 'Priority 1',
};
export const PRIORITY_SLA_LABELS: Record<Priority, string> = { high: 'P1 High', medium: 'P2 Medium', low: 'P3 Low' };

/** Active-cases request types on the dashboard; default mine-30. */
export const CASE_REQUEST_TYPES = [
  { value: 'mine-30', label: 'My Active Cases (30 days)' },
  { value: 'company-inbound-action', label: 'Company Inbound Needing Action' },
  { value: 'company-30', label: 'Company Cases (30 days)' },
  { value: 'mine-all', label: 'All My Cases' },
  { value: 'company-all', label: 'All Company Cases' },
] as const;
export type CaseRequestType = (typeof CASE_REQUEST_TYPES)[number]['value'];
export const DEFAULT_CASE_REQUEST_TYPE: CaseRequestType = 'mine-30';

export const ESCALATION_FILTERS = ['all-10', 'open', 'late'] as const;
export type EscalationFilter = (typeof ESCALATION_FILTERS)[number];
export const DEFAULT_ESCALATION_FILTER: EscalationFilter = 'open';

export const CASE_DIRECTIONS = ['inbound', 'outbound'] as const;
export type CaseDirection = (typeof CASE_DIRECTIONS)[number];

export const DEFAULT_ACCEPT_NOTE = 'Our assigned engineer will contact you.';

/** Who reads a note: both companies of the case (the default), or only the author's company. */
export const NOTE_VISIBILITIES = ['partner', 'internal'] as const;
export type NoteVisibility = (typeof NOTE_VISIBILITIES)[number];

/** Entries of a case's event log (and of its audit timeline); each gets the case's next sequence number. */
export const CASE_EVENT_TYPES = [
  'submitted',
  'information_requested',
  'information_supplied',
  'accepted',
  'rejected',
  'closed',
  'note_added',
  'engineer_updated',
  'submission_updated',
  'attachment_added',
  'attachment_uploaded',
  'attachment_failed',
  'sla_late',
  'manager_request_submitted',
  'manager_request_answered',
  'assigned',
] as const;
export type CaseEventType = (typeof CASE_EVENT_TYPES)[number];

/** What an entry of the case log says, in a few words (the case page's timeline, the daily digest). */
export const CASE_ENTRY_TITLES: Record<CaseEventType, string> = {
  submitted: 'Case submitted',
  information_requested: 'More information requested',
  information_supplied: 'Information supplied',
  accepted: 'Accepted',
  rejected: 'Rejected',
  closed: 'Closed',
  note_added: 'Note added',
  engineer_updated: 'Engineer details changed',
  submission_updated: 'Submission changed',
  attachment_added: 'Attachment added',
  attachment_uploaded: 'Attachment uploaded',
  attachment_failed: 'Attachment upload failed',
  sla_late: 'Response is late',
  manager_request_submitted: 'Manager escalation sent',
  manager_request_answered: 'Managers answered the escalation',
  assigned: 'Assignment changed',
};

/**
 * Whose move a case waits for after an entry of these types (absent: the entry leaves it as it was). A new case
 * waits for the receiver. The case log's rule, which appendCaseEvents applies to `cases.turn`.
 */
export const TURN_AFTER_ENTRY: Partial<Record<CaseEventType, CaseTurn | null>> = {
  submitted: 'receiver',
  information_requested: 'submitter',
  information_supplied: 'receiver',
  accepted: null,
  rejected: null,
  closed: null,
};
