import { STORAGE_KEYS, type CaseEventType, type WatchEntryMessage } from '@casebridge/contracts';
import { storage } from '../../lib/storage';

/** The entries worth a desktop notification: the partner's answers, status changes, and the other side's notes. */
const NOTIFIED_TYPES: ReadonlySet<CaseEventType> = new Set([
  'accepted',
  'rejected',
  'information_requested',
  'information_supplied',
  'closed',
]);

/** Claimed entry keys are kept this long, then dropped on a later claim (any tab still holding one has notified). */
const CLAIM_KEEP_MS = 24 * 3_600_000;
const CLAIM_PREFIX = 'notified:';

export function browserNotificationsSupported(): boolean {
  return typeof window !== 'undefined' && 'Notification' in window;
}

/** Opted in on this browser, and the browser still allows it. */
export function browserNotificationsOn(): boolean {
  return (
    browserNotificationsSupported() &&
    storage.get(STORAGE_KEYS.browserNotifications) === 'on' &&
    Notification.permission === 'granted'
  );
}

/** Opts in (asking the browser's permission) or out; answers whether notifications are now on. */
export async function setBrowserNotifications(on: boolean): Promise<boolean> {
  if (!on || !browserNotificationsSupported()) {
    storage.set(STORAGE_KEYS.browserNotifications, null);
    return false;
  }
  const permission =
    Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
  storage.set(STORAGE_KEYS.browserNotifications, permission === 'granted' ? 'on' : null);
  return permission === 'granted';
}

export function worthNotifying(message: WatchEntryMessage): boolean {
  return NOTIFIED_TYPES.has(message.type) || (message.type === 'note_added' && !message.own_side);
}

function dropOldClaims(now: number): void {
  for (let index = window.localStorage.length - 1; index >= 0; index -= 1) {
    const key = window.localStorage.key(index);
    if (key?.startsWith(CLAIM_PREFIX) && now - Number(window.localStorage.getItem(key)) > CLAIM_KEEP_MS) {
      window.localStorage.removeItem(key);
    }
  }
}

/** Set-if-absent on the key shared by this browser's tabs: true for the one tab that set it. */
function claimNow(key: string): boolean {
  try {
    if (window.localStorage.getItem(key) !== null) return false;
    const now = Date.now();
    dropOldClaims(now);
    window.localStorage.setItem(key, String(now));
    return true;
  } catch {
    // No storage (private mode): this tab cannot coordinate and notifies by itself.
    return true;
  }
}

/**
 * Every tab of the user gets the same entry: the first to claim its key notifies, the others stay quiet. Under
 * a Web Lock the check and the write are one step across tabs; without Web Locks the key alone decides (tabs
 * run their scripts one message at a time, so a double notification needs two tabs in the same instant).
 */
export async function claimEntry(entry: { case_token: string; seq: number }): Promise<boolean> {
  const key = `${CLAIM_PREFIX}${entry.case_token}:${entry.seq}`;
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return claimNow(key);
  return locks.request(key, () => claimNow(key));
}

const WHAT_HAPPENED: Partial<Record<CaseEventType, string>> = {
  accepted: 'accepted the case',
  rejected: 'rejected the case',
  information_requested: 'asked for information',
  information_supplied: 'supplied information',
  closed: 'closed the case',
  note_added: 'added a note',
};

/**
 * A desktop notification for a live entry of a watched case, when this tab is hidden, notifications are on and
 * this tab wins the entry; clicking it brings the window forward on the case page.
 */
export async function notifyEntry(message: WatchEntryMessage, openCase: (caseToken: string) => void): Promise<void> {
  if (!document.hidden || !worthNotifying(message) || !browserNotificationsOn()) return;
  if (!(await claimEntry(message))) return;
  const who = message.actor ?? 'The partner';
  const notification = new Notification(`Case ${message.internal_case_number}`, {
    body: `${who} ${WHAT_HAPPENED[message.type] ?? 'updated the case'}: ${message.summary}`,
    tag: `${message.case_token}:${message.seq}`,
  });
  notification.onclick = () => {
    window.focus();
    openCase(message.case_token);
    notification.close();
  };
}
