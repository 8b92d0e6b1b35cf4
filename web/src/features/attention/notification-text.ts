import type { CaseEventType } from '@casebridge/contracts';

/** What an entry of a case's log did, in words, for the notification list and desktop notifications. */
export const ENTRY_LABELS: Record<CaseEventType, string> = {
  submitted: 'Case submitted',
  information_requested: 'Information requested',
  information_supplied: 'Information supplied',
  accepted: 'Case accepted',
  rejected: 'Case rejected',
  closed: 'Case closed',
  note_added: 'Note added',
  engineer_updated: 'Engineer changed',
  submission_updated: 'Case details updated',
  attachment_added: 'File attached',
  attachment_uploaded: 'File uploaded',
  attachment_failed: 'File upload failed',
  sla_late: 'Response overdue',
  manager_request_submitted: 'Manager escalation raised',
  manager_request_answered: 'Manager escalation answered',
  assigned: 'Owner changed',
};

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "5 minutes ago", "yesterday", "just now": when an entry happened, relative to now. */
export function relativeTime(at: string, now: number = Date.now()): string {
  const elapsed = now - Date.parse(at);
  const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  for (const [unit, ms] of UNITS) {
    if (Math.abs(elapsed) >= ms) return format.format(-Math.round(elapsed / ms), unit);
  }
  return 'just now';
}
