import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  CLIENT_EVENTS,
  routePath,
  SERVER_EVENTS,
  type CaseAttentionMessage,
  type WatchEntryMessage,
} from '@casebridge/contracts';
import { API } from '../../lib/api-routes';
import { call } from '../../lib/api';
import { signedInSocket } from '../../lib/live';
import { applyAttentionToLists, applyWatchEntryToLists, clearListMarks } from '../../lib/live-lists';
import { useAttention } from './attention-store';
import { notifyEntry } from './browser-notifications';

export const NOTIFICATION_PAGE_SIZE = 20;

const cursorKnown = () => useAttention.getState().cursor !== null;

/** Reads the notification centre's first page: the bell's total, the newest entries and the cursor to follow from. */
export async function readFirstNotificationPage(): Promise<void> {
  const store = useAttention.getState();
  store.awaitAnswer();
  try {
    const page = await call(API.attention.notifications, { query: { limit: NOTIFICATION_PAGE_SIZE } });
    useAttention.getState().pageRead(page, true);
  } catch {
    useAttention.getState().answerFailed();
  }
}

/**
 * Keeps the bell, the notification list, the lists' unread marks and the Watch buttons current for the signed-in
 * user, mounted once by the layout. One REST read when the app opens; after that every change arrives on the
 * socket and is applied as it is (never read again because of a message), and every (re)connect replays what
 * was missed from the last answer's cursor (`notifications.follow`).
 */
export function useAttentionLive(userId: number | null): void {
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  useEffect(() => {
    if (userId === null) return;
    useAttention.getState().reset(userId);
    const socket = signedInSocket();
    let active = true;

    const follow = () => {
      const { cursor, pending } = useAttention.getState();
      if (!active) return;
      if (cursor === null) {
        // No answer yet: the first page is read (unless it is being read) and followed from when it is in.
        if (pending === 0) void readFirstNotificationPage().then(() => socket.connected && cursorKnown() && follow());
        return;
      }
      useAttention.getState().awaitAnswer();
      socket
        .timeout(10_000)
        .emitWithAck(CLIENT_EVENTS.followNotifications, { after: cursor })
        .then((answer) => {
          if (!active) return;
          if (!answer.ok) return useAttention.getState().answerFailed();
          useAttention.getState().followed(answer);
          // More was missed than the server replays: the newest page again.
          if (!answer.complete) void readFirstNotificationPage();
        })
        .catch(() => active && useAttention.getState().answerFailed());
    };
    const onEntry = (message: WatchEntryMessage) => {
      useAttention.getState().liveEntry(message);
      applyWatchEntryToLists(message, userId);
      void notifyEntry(message, (token) => navigateRef.current(routePath('case-info', { token })));
    };
    const onAttention = (message: CaseAttentionMessage) => {
      useAttention.getState().caseAttention(message);
      applyAttentionToLists(message);
    };
    const onCleared = () => {
      useAttention.getState().cleared();
      clearListMarks();
    };

    socket.on('connect', follow);
    socket.on(SERVER_EVENTS.watchEntry, onEntry);
    socket.on(SERVER_EVENTS.caseAttention, onAttention);
    socket.on(SERVER_EVENTS.notificationsCleared, onCleared);
    // Entries between the page's read and the socket's joining are replayed by a follow from the page's cursor.
    follow();
    return () => {
      active = false;
      socket.off('connect', follow);
      socket.off(SERVER_EVENTS.watchEntry, onEntry);
      socket.off(SERVER_EVENTS.caseAttention, onAttention);
      socket.off(SERVER_EVENTS.notificationsCleared, onCleared);
      useAttention.getState().reset(null);
    };
  }, [userId]);
}
