import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS, type WatchEntryMessage } from '@casebridge/contracts';
import { claimEntry, notifyEntry, setBrowserNotifications } from './browser-notifications';

/** The browser's Notification API is the boundary: a stand-in records what would be shown. */
class FakeNotification {
  static permission: NotificationPermission = 'default';
  static requestPermission = vi.fn(async () => {
    FakeNotification.permission = 'granted';
    return FakeNotification.permission;
  });
  static shown: FakeNotification[] = [];
  onclick: (() => void) | null = null;
  closed = false;
  constructor(
    readonly title: string,
    readonly options: NotificationOptions,
  ) {
    FakeNotification.shown.push(this);
  }
  close() {
    this.closed = true;
  }
}

function entry(overrides: Partial<WatchEntryMessage> = {}): WatchEntryMessage {
  return {
    case_token: 'tok-1',
    internal_case_number: 'C-1001',
    summary: 'Disk shelf reports phantom failures',
    status: 'information',
    seq: 4,
    type: 'information_requested',
    actor: 'Pat Partner',
    at: '2026-11-28T12:00:00.000Z',
    own_side: false,
    entry_count: 4,
    by_user_id: 9,
    ...overrides,
  };
}

function setHidden(hidden: boolean) {
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
}

describe('browser notifications', () => {
  beforeEach(() => {
    window.localStorage.clear();
    FakeNotification.permission = 'default';
    FakeNotification.shown = [];
    vi.stubGlobal('Notification', FakeNotification);
    setHidden(true);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    setHidden(false);
  });

  it('opts in by asking the browser, and is kept per browser', async () => {
    expect(await setBrowserNotifications(true)).toBe(true);
    expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1);
    expect(window.localStorage.getItem(STORAGE_KEYS.browserNotifications)).toBe('on');
    expect(await setBrowserNotifications(false)).toBe(false);
    expect(window.localStorage.getItem(STORAGE_KEYS.browserNotifications)).toBeNull();
  });

  it('lets only the first claim of an entry win, across the tabs sharing the storage', async () => {
    expect(await claimEntry({ case_token: 'tok-1', seq: 4 })).toBe(true);
    expect(await claimEntry({ case_token: 'tok-1', seq: 4 })).toBe(false);
    expect(await claimEntry({ case_token: 'tok-1', seq: 5 })).toBe(true);
  });

  it('shows one notification per entry, and clicking it opens the case', async () => {
    await setBrowserNotifications(true);
    const opened: string[] = [];
    const open = (token: string) => opened.push(token);

    // Two tabs of the same user receive the same entry.
    await notifyEntry(entry(), open);
    await notifyEntry(entry(), open);
    expect(FakeNotification.shown).toHaveLength(1);
    const [shown] = FakeNotification.shown;
    expect(shown.title).toBe('Case C-1001');
    expect(shown.options.tag).toBe('tok-1:4');

    // jsdom has no windows to bring forward.
    const focus = vi.spyOn(window, 'focus').mockImplementation(() => undefined);
    shown.onclick?.();
    expect(focus).toHaveBeenCalled();
    expect(opened).toEqual(['tok-1']);
    expect(shown.closed).toBe(true);
  });

  it('stays quiet for a visible tab, an own-side note, other entry types, or without the opt-in', async () => {
    await notifyEntry(entry({ seq: 1 }), () => undefined);
    await setBrowserNotifications(true);
    await notifyEntry(entry({ seq: 2, type: 'note_added', own_side: true }), () => undefined);
    await notifyEntry(entry({ seq: 3, type: 'attachment_added' }), () => undefined);
    setHidden(false);
    await notifyEntry(entry({ seq: 5 }), () => undefined);
    expect(FakeNotification.shown).toHaveLength(0);

    setHidden(true);
    await notifyEntry(entry({ seq: 6, type: 'note_added', own_side: false }), () => undefined);
    expect(FakeNotification.shown.map((one) => one.options.tag)).toEqual(['tok-1:6']);
  });
});
