import type { CaseEventType } from '../../constants/cases';
import type { CaseAssignee } from './case-assignment';
import type { CaseTimelineEntry } from './case-timeline';

/**
 * Entries of these types are on a timeline only with their note: a company without the collaboration feed reads
 * no notes, so it gets no note entries either.
 */
export const NOTE_ENTRY_TYPES = ['note_added'] as const satisfies readonly CaseEventType[];

/** The entry a live message stands for, or null when the viewer's page does not list it (a note it cannot read). */
export function timelineEntryOf(message: {
  seq: number;
  type: CaseEventType;
  actor: string | null;
  at: string;
  response?: { id: number };
  note?: { id: number };
  attachments?: { id: number }[];
  escalation?: { id: number };
  assigned_to?: CaseAssignee | null;
}): CaseTimelineEntry | null {
  if ((NOTE_ENTRY_TYPES as readonly string[]).includes(message.type) && !message.note) return null;
  return {
    seq: message.seq,
    type: message.type,
    actor: message.actor,
    at: message.at,
    response_id: message.response?.id ?? null,
    note_id: message.note?.id ?? null,
    attachment_ids: (message.attachments ?? []).map((attachment) => attachment.id),
    escalation_id: message.escalation?.id ?? null,
    assigned_to: message.assigned_to ?? null,
  };
}
