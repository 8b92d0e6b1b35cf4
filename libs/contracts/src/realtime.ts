import { z } from 'zod';
import { RegistrationQueueRow } from './api/admin/company';
import { ChangeRequestRow } from './api/change-requests';
import {
  CaseAttachmentShape,
  CaseDetail,
  CaseEntry,
  CaseNoteShape,
  CaseResponseShape,
  PublicCaseResponse,
} from './api/member/case-detail';
import { CaseListRow } from './api/member/case-lists';
import { CaseAttention, NotificationItem, type FollowNotificationsAnswer } from './api/member/attention';
import { CaseEscalationShape } from './api/member/case-escalations';
import { EscalationRow } from './api/super-admin/escalation';
import { OnboardingQueueRow } from './api/super-admin/onboarding';
import { SuperAdminRegistrationRow } from './api/super-admin/users';
import { CASE_EVENT_TYPES, CASE_STATUSES } from './constants/cases';
import { EXPORT_JOB_STATUSES } from './constants/record-states';

// The names of the protocol (path, events, connect errors) live in realtime-events.ts, with no schema, so a page
// that only listens does not load zod.
export * from './realtime-events';

/**
 * Who follows a case, and so which version of its events they get: the submitting company's members, the
 * receiving company's members, super admins, and the public token page (no sign-in).
 */
export const CASE_AUDIENCES = ['submitter', 'receiver', 'staff', 'link'] as const;
export type CaseAudience = (typeof CASE_AUDIENCES)[number];

/** The case's own fields after an event: what every audience's case page shows of the case itself. */
export const CaseHeader = CaseEntry.pick({
  status: true,
  internal_case_number: true,
  engineer: true,
  receiver_case_number: true,
  receiver_engineer: true,
  updated_at: true,
  response_due_at: true,
  sla_paused: true,
  event_seq: true,
  turn: true,
}).extend({
  /** The owner on the audience's side: to each company's members only (absent for super admins and the link). */
  assignee: CaseDetail.shape.assignee.optional(),
});
export type CaseHeader = z.infer<typeof CaseHeader>;

/**
 * One entry of a case's log as one audience may see it: the case's fields after it, the controls (members) or
 * the answers the token page may give (link), and the item the entry added or changed — the response, the note
 * (only to members of a company that allows notes), the attachment rows with their upload state (members).
 */
export const CaseEventMessage = z.object({
  case_token: z.string(),
  seq: z.number(),
  type: z.enum(CASE_EVENT_TYPES),
  status: z.enum(CASE_STATUSES),
  actor: z.string().nullable(),
  at: z.string(),
  case: CaseHeader,
  controls: CaseDetail.shape.controls.optional(),
  allowed: PublicCaseResponse.shape.allowed.optional(),
  response: CaseResponseShape.optional(),
  note: CaseNoteShape.optional(),
  /** The rows an attachment entry added or whose upload state changed. */
  attachments: z.array(CaseAttachmentShape).optional(),
  /** The manager escalation a manager_request_* entry added or answered: members and super admins. */
  escalation: CaseEscalationShape.optional(),
  /** An `assigned` entry's new owner (null: cleared); only that side's members get such entries. */
  assigned_to: CaseDetail.shape.assignee.optional(),
});
export type CaseEventMessage = z.infer<typeof CaseEventMessage>;

/**
 * A case of the receiving company was created or changed (`removed`: deleted). `row` is the case as that company's
 * lists show it; `submitter_user_id` and `needs_action` let a client place it in the lists it holds
 * (mine, inbound needing action) without asking.
 */
export const CasesChangedMessage = z.object({
  case_token: z.string(),
  status: z.enum(CASE_STATUSES),
  seq: z.number(),
  row: CaseListRow,
  submitter_user_id: z.number().nullable(),
  needs_action: z.boolean(),
  removed: z.boolean(),
  /**
   * To the receiving company, when the entry moved whose turn it is: how many of its inbound cases wait for it now
   * (the dashboard's count).
   */
  inbound_action_total: z.number().optional(),
});
export type CasesChangedMessage = z.infer<typeof CasesChangedMessage>;

export const PresenceMessage = z.object({
  case_token: z.string(),
  viewers: z.array(
    z.object({ key: z.string(), name: z.string(), company: z.string().nullable(), typing: z.boolean() }),
  ),
});
export type PresenceMessage = z.infer<typeof PresenceMessage>;

export type BackOfficeQueue = 'escalation' | 'onboarding' | 'registration';

/**
 * A queue's row changed (or left the queue: `removed`). The registration queue carries the company admins' row
 * to a company's admins and the back office's row (with the company) to super admins.
 */
export const QueueChangedMessage = z.discriminatedUnion('queue', [
  // seq: the case's latest entry (1: a new case), so a client knows whether the row is new to the queue.
  z.object({ queue: z.literal('escalation'), row: EscalationRow, seq: z.number(), removed: z.boolean() }),
  z.object({ queue: z.literal('onboarding'), row: OnboardingQueueRow, removed: z.boolean() }),
  z.object({
    queue: z.literal('registration'),
    row: z.union([SuperAdminRegistrationRow, RegistrationQueueRow]),
    removed: z.boolean(),
  }),
]);
export type QueueChangedMessage = z.infer<typeof QueueChangedMessage>;

/** The change request as its lists show it (the row carries its company_id). */
export const ChangeRequestChangedMessage = z.object({ row: ChangeRequestRow });
export type ChangeRequestChangedMessage = z.infer<typeof ChangeRequestChangedMessage>;

export const ExportStatusMessage = z.object({
  export_id: z.number(),
  status: z.enum(EXPORT_JOB_STATUSES),
  file_name: z.string().nullable(),
  rows: z.number().nullable(),
  error: z.string().nullable(),
});
export type ExportStatusMessage = z.infer<typeof ExportStatusMessage>;

export const SessionEndedMessage = z.object({ reason: z.enum(['disabled', 'logout', 'password_changed']) });
export type SessionEndedMessage = z.infer<typeof SessionEndedMessage>;

/**
 * A new entry of a watched case, built once per side of the case and sent to every watcher of that side at once.
 * `entry_count`: the entries that side can now see in the case (a list's unread mark is entry_count - read_count);
 * `by_user_id`: who wrote it, so their own pages do not count it as news.
 */
export const WatchEntryMessage = NotificationItem.omit({ unread: true }).extend({
  entry_count: z.number(),
  by_user_id: z.number().nullable(),
});
export type WatchEntryMessage = z.infer<typeof WatchEntryMessage>;

/** `cleared`: how many unread entries of the case this change took off the user's total. */
export const CaseAttentionMessage = CaseAttention.extend({ cleared: z.number() });
export type CaseAttentionMessage = z.infer<typeof CaseAttentionMessage>;

export const NotificationsClearedMessage = z.object({ unread_total: z.number() });
export type NotificationsClearedMessage = z.infer<typeof NotificationsClearedMessage>;

export interface ServerToClientEvents {
  'case.event': (message: CaseEventMessage) => void;
  'cases.changed': (message: CasesChangedMessage) => void;
  'case.presence': (message: PresenceMessage) => void;
  'queue.changed': (message: QueueChangedMessage) => void;
  'change_request.changed': (message: ChangeRequestChangedMessage) => void;
  'export.status': (message: ExportStatusMessage) => void;
  'session.ended': (message: SessionEndedMessage) => void;
  'watch.entry': (message: WatchEntryMessage) => void;
  'case.attention': (message: CaseAttentionMessage) => void;
  'notifications.cleared': (message: NotificationsClearedMessage) => void;
}

/** Follow a case: join its room and get every event after `after_seq` that was missed (from the case log). */
export const FollowCaseRequest = z.object({
  case_token: z.string().min(1).max(200),
  after_seq: z.number().int().min(0).optional(),
});
export type FollowCaseRequest = z.infer<typeof FollowCaseRequest>;
export const CaseTokenRequest = z.object({ case_token: z.string().min(1).max(200) });
export const TypingRequest = CaseTokenRequest.extend({ typing: z.boolean() });

/**
 * `missed`: the entries after `after_seq`, oldest first (at most MAX_MISSED_EVENTS); `complete` is false when
 * more were missed than that, and the client reads the case again instead.
 */
export type FollowCaseAnswer =
  { ok: true; seq: number; missed: CaseEventMessage[]; complete: boolean } | { ok: false; error: string };

export interface ClientToServerEvents {
  'case.follow': (request: FollowCaseRequest, answer: (result: FollowCaseAnswer) => void) => void;
  'case.unfollow': (request: { case_token: string }, answer: (result: { ok: boolean }) => void) => void;
  'case.typing': (request: { case_token: string; typing: boolean }, answer: (result: { ok: boolean }) => void) => void;
  'notifications.follow': (
    request: FollowNotificationsRequest,
    answer: (result: FollowNotificationsAnswer) => void,
  ) => void;
}

/** `after`: the cursor of the last notification answer (absent: only the current unread total and no entries). */
export const FollowNotificationsRequest = z.object({ after: z.string().max(64).optional() });
export type FollowNotificationsRequest = z.infer<typeof FollowNotificationsRequest>;

/**
 * Rooms: one per case (presence) and one per case and audience (its events), company, company's admins, user, and
 * one for super admins.
 */
export const rooms = {
  case: (caseId: number) => `case:${caseId}`,
  caseAudience: (caseId: number, audience: CaseAudience) => `case:${caseId}:${audience}`,
  company: (companyId: number) => `company:${companyId}`,
  /** The company's business and program managers: what only the admin pages show (the registration queue). */
  companyAdmins: (companyId: number) => `company-admins:${companyId}`,
  user: (userId: number) => `user:${userId}`,
  superAdmins: 'super_admins',
} as const;

/** The Redis stream through which the worker hands events to the api's sockets. */
export const REALTIME_RELAY_STREAM = 'realtime-relay';
/** `except`: sockets also in that room are skipped (a case's followers get its case.event instead). */
export type RelayedEvent = { room: string | string[]; except?: string } & (
  | { event: 'export.status'; message: ExportStatusMessage }
  | { event: 'case.event'; message: CaseEventMessage }
  | { event: 'cases.changed'; message: CasesChangedMessage }
  | { event: 'queue.changed'; message: QueueChangedMessage }
  | { event: 'watch.entry'; message: WatchEntryMessage }
);
