import { z } from 'zod';
import { CASE_EVENT_TYPES, CASE_STATUSES, type CaseEventType } from '../../constants/cases';
import { pageSizeField } from '../common';
import { endpoint } from '../endpoint';

/**
 * Attention: which cases a user watches, how far they have read each one, and what changed since. A user's read
 * position in a case is the `seq` of the case log they last saw, with the number of entries their side of the case
 * could see up to it (`read_count`); the case keeps the running number of entries each side can see
 * (`entry_count`), so unread = entry_count - read_count is read for a whole page in one statement.
 */

/** Whose view of a case a reader has: a member of the submitting or of the receiving company, or a super admin. */
export const READER_SIDES = ['submitter', 'receiver', 'staff'] as const;
export type ReaderSide = (typeof READER_SIDES)[number];

/** Who an entry of a case's log is for: null every audience, or only one company's members (an internal note). */
export type EntryVisibility = 'submitter' | 'receiver' | null;

/**
 * Whether a side is shown an entry (and counts it as unread): an internal note only to its own company; super
 * admins see no notes at all (as on the case page).
 */
export function entryVisibleTo(side: ReaderSide, entry: { type: CaseEventType; visibleTo: EntryVisibility }): boolean {
  if (entry.visibleTo !== null) return entry.visibleTo === side;
  return side !== 'staff' || entry.type !== 'note_added';
}

/** One entry of a watched case, as the notification centre lists it (newest first) and pushes it live. */
export const NotificationItem = z.object({
  case_token: z.string(),
  internal_case_number: z.string(),
  summary: z.string(),
  /** The case's status after the entry. */
  status: z.enum(CASE_STATUSES),
  seq: z.number(),
  type: z.enum(CASE_EVENT_TYPES),
  actor: z.string().nullable(),
  at: z.string(),
  /** Written by the reader's own company (false: by the other company, its token link, or the system). */
  own_side: z.boolean(),
  /** Not yet read: after the reader's read position in the case. */
  unread: z.boolean(),
});
export type NotificationItem = z.infer<typeof NotificationItem>;

export const NotificationsQuery = z.object({
  /** The `next_before` of the previous page: entries older than it. */
  before: z.coerce.number().int().min(1).optional(),
  limit: pageSizeField(20),
});

export const NotificationPage = z.object({
  items: z.array(NotificationItem),
  /** Unread entries across every watched case. */
  unread_total: z.number(),
  /** Where the socket's `notifications.follow` replays from so that nothing after this answer is missed. */
  cursor: z.string(),
  next_before: z.number().nullable(),
});
export type NotificationPage = z.infer<typeof NotificationPage>;

/** The reader's attention on one case: watching, read position, and the case's entries their side can see. */
export const CaseAttention = z.object({
  case_token: z.string(),
  watching: z.boolean(),
  read_seq: z.number(),
  read_count: z.number(),
  entry_count: z.number(),
  unread: z.number(),
});
export type CaseAttention = z.infer<typeof CaseAttention>;

export const ReadCaseBody = z.object({
  seq: z.number({ error: 'The read position must be a number.' }).int().min(0, 'The read position must be 0 or more.'),
});
export const WatchCaseBody = z.object({ watching: z.boolean({ error: 'Watching must be true or false.' }) });

/** The answer of `notifications.follow`: every entry after the cursor, with the unread total of the same moment. */
export type FollowNotificationsAnswer =
  | { ok: true; unread_total: number; items: NotificationItem[]; complete: boolean; cursor: string }
  | { ok: false; error: string };

export const attentionApi = {
  notifications: endpoint({
    method: 'GET',
    path: 'caller/notifications',
    access: 'user',
    summary: 'Recent entries of the cases the user watches, newest first, with the unread total',
    query: NotificationsQuery,
    response: NotificationPage,
  }),
  readAll: endpoint({
    method: 'POST',
    path: 'caller/notifications/read-all',
    access: 'user',
    summary: 'Marks every watched case read',
    response: z.object({ unread_total: z.number() }),
  }),
  readCase: endpoint({
    method: 'POST',
    path: 'caller/cases/:token/read',
    access: 'user',
    summary: 'Moves the user’s read position in a case (never backwards)',
    body: ReadCaseBody,
    response: CaseAttention,
  }),
  watchCase: endpoint({
    method: 'PUT',
    path: 'caller/cases/:token/watch',
    access: 'user',
    summary: 'Watches or unwatches a case',
    body: WatchCaseBody,
    response: CaseAttention,
  }),
};
