import { z } from 'zod';
import { CASE_EVENT_TYPES, type CaseEventType } from '../../constants/cases';
import { CaseAssignee } from './case-assignment';

/**
 * One entry of the case's log on the case page's timeline, as the viewer's side may see it: who did what, when, and
 * the item it added, by id, which the page shows from the case's own lists (responses, notes, attachments,
 * escalations). A live entry carries the same (timelineEntryOf), so a page applies it without asking again.
 */
export const CaseTimelineEntry = z.object({
  seq: z.number(),
  type: z.enum(CASE_EVENT_TYPES),
  /** As people read it: a user's name, "Globex Storage (token link)", "System". */
  actor: z.string().nullable(),
  at: z.string(),
  response_id: z.number().nullable(),
  note_id: z.number().nullable(),
  attachment_ids: z.array(z.number()),
  /** The manager escalation a manager_request_* entry added or answered. */
  escalation_id: z.number().nullable(),
  /** An `assigned` entry's new owner (null: the owner was cleared, or another type of entry). */
  assigned_to: CaseAssignee.nullable(),
});
export type CaseTimelineEntry = z.infer<typeof CaseTimelineEntry>;

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
