import { beforeEach, describe, expect, it } from 'vitest';
import type { NotificationItem, NotificationPage, WatchEntryMessage } from '@casebridge/contracts';
import { useAttention } from './attention-store';

const ME = 7;
const PARTNER = 9;

/** `second`: when it happened (cases interleave in time; by default in seq order). */
function entry(caseToken: string, seq: number, by: number | null = PARTNER, second = seq): WatchEntryMessage {
  return {
    case_token: caseToken,
    internal_case_number: `C-${caseToken}`,
    summary: 'Disk shelf reports phantom failures',
    status: 'accepted',
    seq,
    type: 'note_added',
    actor: 'Pat Partner',
    at: new Date(Date.UTC(2026, 10, 28, 12, 0, second)).toISOString(),
    own_side: false,
    entry_count: seq,
    by_user_id: by,
  };
}

function item(caseToken: string, seq: number, unread = true): NotificationItem {
  const { entry_count: _count, by_user_id: _by, ...rest } = entry(caseToken, seq);
  return { ...rest, unread };
}

function firstPage(items: NotificationItem[], unread: number): NotificationPage {
  return { items: [...items].reverse(), unread_total: unread, cursor: 'c1', next_before: null };
}

const state = () => useAttention.getState();
const keys = () => state().items.map((one) => `${one.case_token}:${one.seq}`);

/** The bell's exactly-once rules, played as the socket and the api would deliver them. */
describe('attention store', () => {
  beforeEach(() => state().reset(ME));

  it('counts a live entry once, ignores its repeat and older entries, and not the user’s own', () => {
    state().awaitAnswer();
    state().pageRead(firstPage([item('a', 1), item('a', 2)], 2), true);
    expect(state().unreadTotal).toBe(2);

    state().liveEntry(entry('a', 3));
    state().liveEntry(entry('a', 3));
    state().liveEntry(entry('a', 2));
    expect(state().unreadTotal).toBe(3);
    expect(keys()).toEqual(['a:3', 'a:2', 'a:1']);

    state().liveEntry(entry('a', 4, ME));
    expect(state().unreadTotal).toBe(3);
    expect(state().items[0]).toMatchObject({ seq: 4, unread: false });
  });

  it('holds live entries while a follow is answered and applies only those the answer lacks', () => {
    state().awaitAnswer();
    state().pageRead(firstPage([item('a', 1)], 1), true);
    expect(state().cursor).toBe('c1');

    // Reconnect: the follow is asked; meanwhile two entries arrive live, one of which the replay also holds.
    state().awaitAnswer();
    state().liveEntry(entry('a', 3));
    state().liveEntry(entry('b', 1, PARTNER, 10));
    expect(state().unreadTotal).toBe(1);

    // The answer's total already counts a:2 and a:3 (its own moment); b:1 came after it.
    state().followed({ ok: true, unread_total: 3, items: [item('a', 2), item('a', 3)], complete: true, cursor: 'c2' });
    expect(state().unreadTotal).toBe(4);
    expect(state().cursor).toBe('c2');
    expect(keys()).toEqual(['b:1', 'a:3', 'a:2', 'a:1']);
    expect(state().waiting).toBeNull();
  });

  it('applies held entries only when the last awaited answer is in', () => {
    state().awaitAnswer();
    state().awaitAnswer();
    state().liveEntry(entry('a', 1));
    state().answerFailed();
    expect(state().unreadTotal).toBeNull();
    state().pageRead(firstPage([], 0), true);
    expect(state().unreadTotal).toBe(1);
  });

  it('takes off what case.attention cleared, marks that case’s entries read, and follows watching', () => {
    state().awaitAnswer();
    state().pageRead(firstPage([item('a', 1), item('a', 2), item('b', 1)], 3), true);

    state().caseAttention({
      case_token: 'a',
      watching: true,
      read_seq: 2,
      read_count: 2,
      entry_count: 2,
      unread: 0,
      cleared: 2,
    });
    expect(state().unreadTotal).toBe(1);
    expect(
      state()
        .items.filter((one) => one.unread)
        .map((one) => one.case_token),
    ).toEqual(['b']);
    expect(state().watching).toEqual({ a: true });

    state().cleared();
    expect(state().unreadTotal).toBe(0);
    expect(state().items.some((one) => one.unread)).toBe(false);
  });

  it('appends a later page without touching the total or the cursor', () => {
    state().awaitAnswer();
    state().pageRead({ ...firstPage([item('a', 5)], 1), next_before: 40 }, true);
    state().pageRead({ items: [item('a', 4, false)], unread_total: 9, cursor: 'later', next_before: null }, false);
    expect(state().unreadTotal).toBe(1);
    expect(state().cursor).toBe('c1');
    expect(state().nextBefore).toBeNull();
    expect(keys()).toEqual(['a:5', 'a:4']);
  });
});
