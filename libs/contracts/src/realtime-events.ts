/**
 * The Socket.IO protocol of Casebridge (documented for integrators in docs/realtime.md).
 * Connect to the site's origin, path /socket.io, with `auth: { token }` (the bearer access token)
 * or, on public token pages, `auth: { case_token }`. Every message is a change itself, filtered to what its
 * receiver may see, so clients apply it without asking the server again.
 */
export const SOCKET_PATH = '/socket.io';

/**
 * The connect errors of a refused handshake. `unauthorized`: the token is missing, invalid or ended; trying again
 * with the same one is pointless. `unavailable`: the server could not check it just now (its database is slow or
 * down); the client tries again later, since Socket.IO itself does not retry a handshake its middleware refused.
 */
export const SOCKET_CONNECT_ERRORS = { unauthorized: 'unauthorized', unavailable: 'unavailable' } as const;

/** Events the server sends. */
export const SERVER_EVENTS = {
  /** An entry of a followed case's log, with what changed as this follower may see it. */
  caseEvent: 'case.event',
  /** A case of the user's company was created or changed: its list row as the company sees it. */
  casesChanged: 'cases.changed',
  /** Who is viewing or writing on a followed case. */
  presence: 'case.presence',
  /** A queue's row changed: the back office's queues (super admins) or a company's registration queue (its admins). */
  queueChanged: 'queue.changed',
  /** A company change request was made or marked done: its row, to the company's admins and to super admins. */
  changeRequestChanged: 'change_request.changed',
  /** A requested export changed state (queued, building, ready, failed). */
  exportStatus: 'export.status',
  /** The account was disabled or its sessions ended: the client signs out. */
  sessionEnded: 'session.ended',
  /** A new entry of a case the user watches, as their side sees it (the bell and the notification list). */
  watchEntry: 'watch.entry',
  /** The user's read position or watching changed for a case (another tab read it, or the watch button). */
  caseAttention: 'case.attention',
  /** The user marked every watched case read. */
  notificationsCleared: 'notifications.cleared',
} as const;

/** Messages the client sends (all acknowledged). */
export const CLIENT_EVENTS = {
  followCase: 'case.follow',
  unfollowCase: 'case.unfollow',
  typing: 'case.typing',
  /** Replays the watched cases' entries after a cursor, with the unread total of the same moment. */
  followNotifications: 'notifications.follow',
} as const;
