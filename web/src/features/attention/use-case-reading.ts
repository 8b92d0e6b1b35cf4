import { useEffect, useRef } from 'react';
import { API } from '../../lib/api-routes';
import { call } from '../../lib/api';
import { useAttention } from './attention-store';

/** At most one read position call per case page per second, however fast entries arrive. */
export const READ_INTERVAL_MS = 1_000;

/**
 * Moves the user's read position in the case to what the page shows: when it opens, when a live entry is shown
 * while the page is visible, and once when a hidden page becomes visible again (a hidden tab has read nothing).
 * Calls are spaced READ_INTERVAL_MS apart, the last one carrying the newest seq; the answer tells whether the
 * user watches the case (the Watch button), and the server tells their other tabs (case.attention).
 */
export function useCaseReading(caseToken: string, seq: number | undefined): void {
  const shown = useRef(seq);
  shown.current = seq;
  const state = useRef({ sent: -1, lastAt: 0, timer: undefined as number | undefined });
  const scheduleRef = useRef<() => void>(() => undefined);

  useEffect(() => {
    const current = state.current;
    current.sent = -1;
    const send = () => {
      current.timer = undefined;
      const target = shown.current;
      if (target === undefined || target <= current.sent || document.visibilityState !== 'visible') return;
      current.sent = target;
      current.lastAt = Date.now();
      call(API.attention.readCase, { params: { token: caseToken }, body: { seq: target } })
        .then((answer) => useAttention.getState().setWatching(caseToken, answer.watching))
        .catch(() => {
          // Not read after all: the next entry or visit tries again.
          current.sent = Math.min(current.sent, target - 1);
        });
    };
    const schedule = () => {
      if (current.timer !== undefined) return;
      const wait = Math.max(current.lastAt + READ_INTERVAL_MS - Date.now(), 0);
      if (wait === 0) send();
      else current.timer = window.setTimeout(send, wait);
    };
    scheduleRef.current = schedule;
    const onVisibility = () => {
      if (document.visibilityState === 'visible') schedule();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.clearTimeout(current.timer);
      current.timer = undefined;
      scheduleRef.current = () => undefined;
    };
  }, [caseToken]);

  useEffect(() => {
    if (seq !== undefined) scheduleRef.current();
  }, [caseToken, seq]);
}
