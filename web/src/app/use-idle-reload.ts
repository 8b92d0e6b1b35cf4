import { useEffect } from 'react';
import { LIMITS } from '@casebridge/contracts';

const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'scroll', 'touchstart'] as const;

/** Reloads the page after LIMITS.idleReloadMs without activity, so a forgotten tab does not show stale data. */
export function useIdleReload(): void {
  useEffect(() => {
    let timer = window.setTimeout(reload, LIMITS.idleReloadMs);
    function reload() {
      window.location.reload();
    }
    function onActivity() {
      window.clearTimeout(timer);
      timer = window.setTimeout(reload, LIMITS.idleReloadMs);
    }
    for (const event of ACTIVITY_EVENTS) window.addEventListener(event, onActivity, { passive: true });
    return () => {
      window.clearTimeout(timer);
      for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, onActivity);
    };
  }, []);
}
