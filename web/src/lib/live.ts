import { useEffect, useRef, useState } from 'react';
import { io, type Socket } from 'socket.io-client';
import {
  CLIENT_EVENTS,
  SERVER_EVENTS,
  SOCKET_CONNECT_ERRORS,
  SOCKET_PATH,
  type CaseEventMessage,
  type ClientToServerEvents,
  type ExportStatusMessage,
  type PresenceMessage,
  type ServerToClientEvents,
} from '@casebridge/contracts';
import { currentToken } from './api';

export type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let memberSocket: LiveSocket | null = null;
let sessionEnded: () => void = () => undefined;
const caseSockets = new Map<string, LiveSocket>();

/** The session store plugs in here (this module must not depend on it): what to do when the server ends the session. */
export function onLiveSessionEnded(handler: () => void): void {
  sessionEnded = handler;
}

/** A follow the server could not answer just now (its database away for a moment) is asked again after this. */
const FOLLOW_RETRY_MS = 1000;

/** Waits before trying a handshake again: doubling from one second up to half a minute, with jitter. */
const HANDSHAKE_RETRY_MS = { first: 1000, max: 30_000 };

/**
 * Socket.IO reconnects by itself after a lost connection, but not after a handshake the server's middleware
 * refused. The server says `unavailable` when it could not check the credentials just now (a slow database under
 * a reconnect storm): try again later, spread out, as long as the socket is still the page's. `unauthorized`
 * stays final.
 */
function retryUncheckedHandshakes(socket: LiveSocket, stillWanted: () => boolean): void {
  let attempts = 0;
  socket.on('connect_error', (error) => {
    if (socket.active || error.message !== SOCKET_CONNECT_ERRORS.unavailable) return;
    // The first refusal of a streak: the next successful handshake ends it.
    if (attempts === 0) socket.once('connect', () => (attempts = 0));
    const backoff = Math.min(HANDSHAKE_RETRY_MS.max, HANDSHAKE_RETRY_MS.first * 2 ** attempts);
    attempts += 1;
    setTimeout(
      () => {
        if (stillWanted() && !socket.connected && !socket.active) socket.connect();
      },
      backoff / 2 + Math.random() * (backoff / 2),
    );
  });
}

/**
 * The signed-in user's socket, shared by every page. The token is read at each (re)connect, so a refreshed
 * token is picked up; Socket.IO reconnects by itself and pages re-follow their case on every connect.
 */
export function signedInSocket(): LiveSocket {
  if (!memberSocket) {
    const socket: LiveSocket = io({
      path: SOCKET_PATH,
      auth: (send) => send({ token: currentToken() ?? '' }),
      transports: ['websocket', 'polling'],
    });
    retryUncheckedHandshakes(socket, () => memberSocket === socket);
    // Account disabled or signed out everywhere: leave at once rather than on the next failing call.
    socket.on(SERVER_EVENTS.sessionEnded, () => sessionEnded());
    memberSocket = socket;
  }
  return memberSocket;
}

/** A public token page's socket: it may follow only its own case. */
function caseLinkSocket(caseToken: string): LiveSocket {
  const existing = caseSockets.get(caseToken);
  if (existing) return existing;
  const socket: LiveSocket = io({
    path: SOCKET_PATH,
    auth: { case_token: caseToken },
    transports: ['websocket', 'polling'],
    forceNew: true,
  });
  retryUncheckedHandshakes(socket, () => caseSockets.get(caseToken) === socket);
  caseSockets.set(caseToken, socket);
  return socket;
}

/** Closes the signed-in socket (logout, account switch). */
export function closeLiveSocket(): void {
  memberSocket?.close();
  memberSocket = null;
}

export interface CaseLive {
  viewers: PresenceMessage['viewers'];
  /** Tells the other viewers that this user is (or stopped) writing a note. */
  setTyping: (typing: boolean) => void;
}

export interface CaseLiveHandlers {
  /** The case log number the page's data is at (its event_seq); undefined while the page has not read the case. */
  seq: number | undefined;
  /** Applies one entry of the case's log to what the page shows (the entry carries the change itself). */
  apply: (message: CaseEventMessage) => void;
  /** More was missed than the server replays: the page reads the case again, once. */
  reload: () => void;
}

/**
 * Follows a case live once the page has read it: every entry after what the page read is handed to `apply` exactly
 * once, in order, also those made meanwhile or missed while the connection was down (every (re)connect follows the
 * case again from the last sequence number applied).
 */
export function useCaseLive(
  caseToken: string,
  handlers: CaseLiveHandlers,
  access: 'member' | 'link' = 'member',
): CaseLive {
  const [viewers, setViewers] = useState<PresenceMessage['viewers']>([]);
  const current = useRef(handlers);
  current.current = handlers;
  const socketRef = useRef<LiveSocket | null>(null);

  const ready = handlers.seq !== undefined;
  useEffect(() => {
    if (!caseToken || !ready) return;
    const socket = access === 'member' ? signedInSocket() : caseLinkSocket(caseToken);
    socketRef.current = socket;
    let lastSeq = current.current.seq ?? 0;

    // While a follow is answered, live entries wait: the replay holds the older ones and must be applied first.
    let waiting: CaseEventMessage[] | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const take = (message: CaseEventMessage, replayed = false) => {
      // A page that read the case again (an incomplete replay) holds everything up to what it read.
      lastSeq = Math.max(lastSeq, current.current.seq ?? 0);
      if (message.case_token !== caseToken || message.seq <= lastSeq) return;
      if (!replayed && message.seq > lastSeq + 1) {
        // Entries may be missing before this one (a follow that failed, a dropped packet), or the numbers between
        // were entries this audience never gets (the other company's internal notes). Follow again from the last
        // one applied: its replay holds exactly what this audience is missing, in order, gaps and all.
        if (waiting) waiting.push(message);
        else if (socket.connected) follow();
        return;
      }
      lastSeq = message.seq;
      current.current.apply(message);
    };
    const onEvent = (message: CaseEventMessage) => (waiting ? waiting.push(message) : take(message));
    function follow() {
      waiting = [];
      socket
        .timeout(5000)
        .emitWithAck(CLIENT_EVENTS.followCase, { case_token: caseToken, after_seq: lastSeq })
        .then((answer) => {
          if (!answer.ok) {
            // Not read just now (the server's database away for a moment): ask again shortly rather than wait for
            // the next entry to reveal the gap. A refusal (no such case for this user) stays final.
            if (answer.error === SOCKET_CONNECT_ERRORS.unavailable) {
              clearTimeout(retry);
              retry = setTimeout(() => {
                if (socket.connected && waiting === null) follow();
              }, FOLLOW_RETRY_MS);
            }
            return;
          }
          answer.missed.forEach((message: CaseEventMessage) => take(message, true));
          // A complete replay held every entry up to `seq` this audience gets: the numbers left are not its own.
          if (answer.complete) lastSeq = Math.max(lastSeq, answer.seq);
          else current.current.reload();
        })
        .catch(() => undefined)
        .finally(() => {
          const live = waiting ?? [];
          waiting = null;
          live.sort((a, b) => a.seq - b.seq).forEach((message) => take(message));
        });
    }
    const onPresence = (message: PresenceMessage) => {
      if (message.case_token === caseToken) setViewers(message.viewers);
    };

    socket.on('connect', follow);
    socket.on(SERVER_EVENTS.caseEvent, onEvent);
    socket.on(SERVER_EVENTS.presence, onPresence);
    if (socket.connected) follow();
    return () => {
      clearTimeout(retry);
      socket.off('connect', follow);
      socket.off(SERVER_EVENTS.caseEvent, onEvent);
      socket.off(SERVER_EVENTS.presence, onPresence);
      if (socket.connected) socket.emit(CLIENT_EVENTS.unfollowCase, { case_token: caseToken }, () => undefined);
      socketRef.current = null;
    };
  }, [caseToken, access, ready]);

  return {
    viewers,
    setTyping: (typing) =>
      socketRef.current?.emit(CLIENT_EVENTS.typing, { case_token: caseToken, typing }, () => undefined),
  };
}

/**
 * The latest export.status message of each export, while the component is mounted. Mount it before asking for
 * the export: a fast worker may announce "ready" before the request's answer has arrived.
 */
export function useExportStatus(): Record<number, ExportStatusMessage> {
  const [messages, setMessages] = useState<Record<number, ExportStatusMessage>>({});
  useEffect(() => {
    if (!currentToken()) return;
    const socket = signedInSocket();
    const onStatus = (message: ExportStatusMessage) =>
      setMessages((previous) => ({ ...previous, [message.export_id]: message }));
    socket.on(SERVER_EVENTS.exportStatus, onStatus);
    return () => {
      socket.off(SERVER_EVENTS.exportStatus, onStatus);
    };
  }, []);
  return messages;
}
