import type { CaseEventType, CaseStatus } from './constants/cases';

/**
 * The Socket.IO protocol of Casebridge (documented for integrators in docs/realtime.md).
 * Connect to the site's origin, path /socket.io, with `auth: { token }` (the bearer access token)
 * or, on public token pages, `auth: { case_token }`.
 */
export const SOCKET_PATH = '/socket.io';

/** Events the server sends. */
export const SERVER_EVENTS = {
  /** Something happened on a followed case; carries the case's sequence number. */
  caseEvent: 'case.event',
  /** A case of the user's company was created or changed (for lists). */
  casesChanged: 'cases.changed',
  /** Who is viewing or writing on a followed case. */
  presence: 'case.presence',
  /** A queue changed: the back office's (super admins) or a company's registration queue (its admins). */
  queueChanged: 'queue.changed',
  /** A requested export changed state (queued, building, ready, failed). */
  exportStatus: 'export.status',
  /** The account was disabled or its sessions ended: the client signs out. */
  sessionEnded: 'session.ended',
} as const;

/** Messages the client sends (all acknowledged). */
export const CLIENT_EVENTS = {
  followCase: 'case.follow',
  unfollowCase: 'case.unfollow',
  typing: 'case.typing',
} as const;

export interface CaseEventMessage {
  case_token: string;
  seq: number;
  type: CaseEventType;
  status: CaseStatus;
  actor: string | null;
  at: string;
}

export interface CasesChangedMessage {
  case_token: string;
  status: CaseStatus;
  seq: number;
}

export interface PresenceMessage {
  case_token: string;
  viewers: { key: string; name: string; company: string | null; typing: boolean }[];
}

export type BackOfficeQueue = 'escalation' | 'onboarding' | 'registration';
export interface QueueChangedMessage {
  queue: BackOfficeQueue;
}

export interface ExportStatusMessage {
  export_id: number;
  status: 'queued' | 'building' | 'ready' | 'failed' | 'expired';
  file_name: string | null;
  rows: number | null;
  error: string | null;
}

export interface SessionEndedMessage {
  reason: 'disabled' | 'logout' | 'password_changed';
}

export interface ServerToClientEvents {
  'case.event': (message: CaseEventMessage) => void;
  'cases.changed': (message: CasesChangedMessage) => void;
  'case.presence': (message: PresenceMessage) => void;
  'queue.changed': (message: QueueChangedMessage) => void;
  'export.status': (message: ExportStatusMessage) => void;
  'session.ended': (message: SessionEndedMessage) => void;
}

/** Follow a case: join its room and get every event after `after_seq` that was missed (from the case log). */
export interface FollowCaseRequest {
  case_token: string;
  after_seq?: number;
}
export type FollowCaseAnswer = { ok: true; seq: number; missed: CaseEventMessage[] } | { ok: false; error: string };

export interface ClientToServerEvents {
  'case.follow': (request: FollowCaseRequest, answer: (result: FollowCaseAnswer) => void) => void;
  'case.unfollow': (request: { case_token: string }, answer: (result: { ok: boolean }) => void) => void;
  'case.typing': (request: { case_token: string; typing: boolean }, answer: (result: { ok: boolean }) => void) => void;
}

/** Rooms: one per case, company, company's admins, user, and one for super admins. */
export const rooms = {
  case: (caseId: number) => `case:${caseId}`,
  company: (companyId: number) => `company:${companyId}`,
  /** The company's business and program managers: what only the admin pages show (the registration queue). */
  companyAdmins: (companyId: number) => `company-admins:${companyId}`,
  user: (userId: number) => `user:${userId}`,
  superAdmins: 'super_admins',
} as const;

/** The Redis stream through which the worker hands events to the api's sockets. */
export const REALTIME_RELAY_STREAM = 'realtime-relay';
/** `except`: sockets also in that room are skipped (a case's followers get its case.event instead). */
export type RelayedEvent = { room: string; except?: string } & (
  | { event: 'export.status'; message: ExportStatusMessage }
  | { event: 'case.event'; message: CaseEventMessage }
  | { event: 'cases.changed'; message: CasesChangedMessage }
  | { event: 'queue.changed'; message: QueueChangedMessage }
);
