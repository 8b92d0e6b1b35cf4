import { useEffect, useRef, useState } from 'react';
import { io, type Socket } from 'socket.io-client';
import {
  CLIENT_EVENTS,
  SERVER_EVENTS,
  SOCKET_PATH,
  type CaseEventMessage,
  type ClientToServerEvents,
  type ExportStatusMessage,
  type BackOfficeQueue,
  type PresenceMessage,
  type QueueChangedMessage,
  type ServerToClientEvents,
} from '@casebridge/contracts';
import { currentToken } from './api';

type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let memberSocket: LiveSocket | null = null;
let sessionEnded: () => void = () => undefined;

/** The session store plugs in here (this module must not depend on it): what to do when the server ends the session. */
export function onLiveSessionEnded(handler: () => void): void {
  sessionEnded = handler;
}
const caseSockets = new Map<string, LiveSocket>();

/** Pages reload at most this often when events arrive in bursts. */
const RELOAD_DEBOUNCE_MS = 250;

/**
 * The signed-in user's socket, shared by every page. The token is read at each (re)connect, so a refreshed
 * token is picked up; Socket.IO reconnects by itself and pages re-follow their case on every connect.
 */
function signedInSocket(): LiveSocket {
  if (!memberSocket) {
    memberSocket = io({
      path: SOCKET_PATH,
      auth: (send) => send({ token: currentToken() ?? '' }),
      transports: ['websocket', 'polling'],
    });
    // Account disabled or signed out everywhere: leave at once rather than on the next failing call.
    memberSocket.on(SERVER_EVENTS.sessionEnded, () => sessionEnded());
  }
  return memberSocket;
}

/** A public token page's socket: it may follow only its own case. */
function caseLinkSocket(caseToken: string): LiveSocket {
  let socket = caseSockets.get(caseToken);
  if (!socket) {
    socket = io({
      path: SOCKET_PATH,
      auth: { case_token: caseToken },
      transports: ['websocket', 'polling'],
      forceNew: true,
    });
    caseSockets.set(caseToken, socket);
  }
  return socket;
}

/** Closes the signed-in socket (logout, account switch). */
export function closeLiveSocket(): void {
  memberSocket?.close();
  memberSocket = null;
}

function debounce(run: () => void, ms: number): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return () => {
    clearTimeout(timer);
    timer = setTimeout(run, ms);
  };
}

export interface CaseLive {
  viewers: PresenceMessage['viewers'];
  /** Tells the other viewers that this user is (or stopped) writing a note. */
  setTyping: (typing: boolean) => void;
}

/**
 * Follows a case live: `onChange` runs when anything happens on it (also for events missed while the
 * connection was down: on reconnect the case is followed again from the last sequence number seen).
 */
export function useCaseLive(caseToken: string, onChange: () => void, access: 'member' | 'link' = 'member'): CaseLive {
  const [viewers, setViewers] = useState<PresenceMessage['viewers']>([]);
  const changed = useRef(onChange);
  changed.current = onChange;
  const socketRef = useRef<LiveSocket | null>(null);

  useEffect(() => {
    if (!caseToken) return;
    const socket = access === 'member' ? signedInSocket() : caseLinkSocket(caseToken);
    socketRef.current = socket;
    let lastSeq: number | null = null;
    const reload = debounce(() => changed.current(), RELOAD_DEBOUNCE_MS);

    const follow = () => {
      socket
        .timeout(5000)
        .emitWithAck(CLIENT_EVENTS.followCase, { case_token: caseToken, after_seq: lastSeq ?? undefined })
        .then((answer) => {
          if (!answer.ok) return;
          if (lastSeq !== null && answer.missed.length > 0) reload();
          lastSeq = answer.seq;
        })
        .catch(() => undefined);
    };
    const onEvent = (message: CaseEventMessage) => {
      if (message.case_token !== caseToken || (lastSeq !== null && message.seq <= lastSeq)) return;
      lastSeq = message.seq;
      reload();
    };
    const onPresence = (message: PresenceMessage) => {
      if (message.case_token === caseToken) setViewers(message.viewers);
    };

    socket.on('connect', follow);
    socket.on(SERVER_EVENTS.caseEvent, onEvent);
    socket.on(SERVER_EVENTS.presence, onPresence);
    if (socket.connected) follow();
    return () => {
      socket.off('connect', follow);
      socket.off(SERVER_EVENTS.caseEvent, onEvent);
      socket.off(SERVER_EVENTS.presence, onPresence);
      if (socket.connected) socket.emit(CLIENT_EVENTS.unfollowCase, { case_token: caseToken }, () => undefined);
      socketRef.current = null;
    };
  }, [caseToken, access]);

  return {
    viewers,
    setTyping: (typing) =>
      socketRef.current?.emit(CLIENT_EVENTS.typing, { case_token: caseToken, typing }, () => undefined),
  };
}

/**
 * A number that grows whenever a case of the user's company is created or changes: add it to a list's reload deps.
 * The server leaves cases.changed out for a case this socket follows: its case.event says the same.
 */
export function useCompanyCasesVersion(): number {
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (!currentToken()) return;
    const socket = signedInSocket();
    const bump = debounce(() => setVersion((value) => value + 1), RELOAD_DEBOUNCE_MS * 2);
    socket.on(SERVER_EVENTS.casesChanged, bump);
    socket.on(SERVER_EVENTS.caseEvent, bump);
    // After a reconnect the list may have missed changes: reload once.
    socket.on('connect', bump);
    return () => {
      socket.off(SERVER_EVENTS.casesChanged, bump);
      socket.off(SERVER_EVENTS.caseEvent, bump);
      socket.off('connect', bump);
    };
  }, []);
  return version;
}

/**
 * A number that grows whenever `queue` changes (a registration arrived or was decided): add it to the queue's reload
 * deps. The server sends it to the company's admins (and super admins) only.
 */
export function useQueueVersion(queue: BackOfficeQueue): number {
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (!currentToken()) return;
    const socket = signedInSocket();
    const bump = debounce(() => setVersion((value) => value + 1), RELOAD_DEBOUNCE_MS);
    const onQueue = (message: QueueChangedMessage) => {
      if (message.queue === queue) bump();
    };
    socket.on(SERVER_EVENTS.queueChanged, onQueue);
    // After a reconnect the queue may have missed changes: reload once.
    socket.on('connect', bump);
    return () => {
      socket.off(SERVER_EVENTS.queueChanged, onQueue);
      socket.off('connect', bump);
    };
  }, [queue]);
  return version;
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
