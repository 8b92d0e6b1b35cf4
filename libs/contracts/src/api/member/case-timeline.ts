import { z } from 'zod';
import { CASE_EVENT_TYPES } from '../../constants/cases';
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

// The live side of the timeline has no schema (a page applying live entries loads no zod).
export { NOTE_ENTRY_TYPES, timelineEntryOf } from './timeline-entries';
