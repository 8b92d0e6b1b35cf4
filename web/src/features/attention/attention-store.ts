import { create } from 'zustand';
import type {
  CaseAttentionMessage,
  FollowNotificationsAnswer,
  NotificationItem,
  NotificationPage,
  WatchEntryMessage,
} from '@casebridge/contracts';

/**
 * The notification centre's state: the bell's unread total and the recent entries of watched cases, newest first.
 * It counts every entry exactly once: a REST page or a follow answer sets the total of its moment and names the
 * entries it holds; a live entry counts only when its seq is past the highest seen for its case, and live entries
 * that arrive while an answer is awaited wait for it (the answer may already hold them). Nothing here asks the
 * server: live messages carry everything they change.
 */
export interface AttentionState {
  /** Null until the first answer: the bell shows no number yet. */
  unreadTotal: number | null;
  /** Newest first; at most one per case and seq. */
  items: NotificationItem[];
  /** Where the next follow replays from: the cursor of the last answer. */
  cursor: string | null;
  nextBefore: number | null;
  /** The highest seq seen per case (from any answer or live entry). */
  highestSeq: Record<string, number>;
  /** Live entries that came while an answer was awaited; null when none is. */
  waiting: WatchEntryMessage[] | null;
  /** How many answers are awaited: the waiting entries are applied when the last one is in. */
  pending: number;
  /** Whether the user watches a case, as far as this tab has heard (the case page's read, case.attention). */
  watching: Record<string, boolean>;
  /** The signed-in user: their own entries are no news to them. */
  userId: number | null;

  reset: (userId: number | null) => void;
  /** A read (REST page or follow) is about to be asked: live entries wait for its answer. */
  awaitAnswer: () => void;
  /** The answer failed: the waiting live entries are applied as they are. */
  answerFailed: () => void;
  /** The case page's read or watch answer: the Watch button's state. */
  setWatching: (caseToken: string, watching: boolean) => void;
  /** The first page (before undefined) sets the total and cursor; a later page ("Load more") only appends. */
  pageRead: (page: NotificationPage, first: boolean) => void;
  followed: (answer: Extract<FollowNotificationsAnswer, { ok: true }>) => void;
  liveEntry: (message: WatchEntryMessage) => void;
  caseAttention: (message: CaseAttentionMessage) => void;
  cleared: () => void;
}

const itemKey = (item: { case_token: string; seq: number }) => `${item.case_token}:${item.seq}`;

/** Adds items (any order) to a newest-first list without duplicates; a known item keeps its own read state. */
function mergeItems(list: NotificationItem[], added: NotificationItem[]): NotificationItem[] {
  const known = new Set(list.map(itemKey));
  const fresh = added.filter((item) => !known.has(itemKey(item)));
  if (fresh.length === 0) return list;
  return [...list, ...fresh].sort((a, b) => Date.parse(b.at) - Date.parse(a.at) || b.seq - a.seq);
}

function withSeen(highest: Record<string, number>, items: { case_token: string; seq: number }[]) {
  const next = { ...highest };
  for (const item of items) next[item.case_token] = Math.max(next[item.case_token] ?? 0, item.seq);
  return next;
}

const EMPTY = {
  unreadTotal: null,
  items: [],
  cursor: null,
  nextBefore: null,
  highestSeq: {},
  waiting: null,
  pending: 0,
  watching: {},
  userId: null,
};

export const useAttention = create<AttentionState>()((set, get) => {
  /** The live-entry rule: new to its case, else ignored; counted unless the user wrote it. */
  const take = (message: WatchEntryMessage) => {
    const state = get();
    if (message.seq <= (state.highestSeq[message.case_token] ?? 0)) return;
    const mine = message.by_user_id !== null && message.by_user_id === state.userId;
    const { entry_count: _count, by_user_id: _by, ...item } = message;
    set({
      highestSeq: withSeen(state.highestSeq, [message]),
      items: mergeItems(state.items, [{ ...item, unread: !mine }]),
      unreadTotal: state.unreadTotal === null || mine ? state.unreadTotal : state.unreadTotal + 1,
    });
  };
  /** One awaited answer is in: when none is left, the live entries that waited are applied in order. */
  const release = () => {
    const pending = Math.max(get().pending - 1, 0);
    if (pending > 0) return set({ pending });
    const live = get().waiting ?? [];
    set({ waiting: null, pending: 0 });
    [...live].sort((a, b) => a.seq - b.seq).forEach(take);
  };

  return {
    ...EMPTY,
    reset: (userId) => set({ ...EMPTY, userId }),
    awaitAnswer: () => set((state) => ({ waiting: state.waiting ?? [], pending: state.pending + 1 })),
    answerFailed: release,
    setWatching: (caseToken, watching) => set((state) => ({ watching: { ...state.watching, [caseToken]: watching } })),
    pageRead: (page, first) => {
      set((state) => ({
        items: mergeItems(state.items, page.items),
        highestSeq: withSeen(state.highestSeq, page.items),
        nextBefore: page.next_before,
        ...(first ? { unreadTotal: page.unread_total, cursor: page.cursor } : {}),
      }));
      if (first) release();
    },
    followed: (answer) => {
      set((state) => ({
        unreadTotal: answer.unread_total,
        cursor: answer.cursor,
        items: mergeItems(state.items, answer.items),
        highestSeq: withSeen(state.highestSeq, answer.items),
      }));
      release();
    },
    liveEntry: (message) => {
      const { waiting } = get();
      if (waiting) set({ waiting: [...waiting, message] });
      else take(message);
    },
    caseAttention: (message) =>
      set((state) => ({
        watching: { ...state.watching, [message.case_token]: message.watching },
        unreadTotal: state.unreadTotal === null ? null : Math.max(state.unreadTotal - message.cleared, 0),
        items: state.items.map((item) =>
          item.unread && item.case_token === message.case_token && item.seq <= message.read_seq
            ? { ...item, unread: false }
            : item,
        ),
      })),
    cleared: () =>
      set((state) => ({
        unreadTotal: 0,
        items: state.items.map((item) => (item.unread ? { ...item, unread: false } : item)),
      })),
  };
});
