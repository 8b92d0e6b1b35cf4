import { useEffect, useRef } from 'react';

/** Runs an action once per mounted page, even under StrictMode's double effects (for one-shot POSTs). */
export function useRunOnce(action: () => void | Promise<void>): void {
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    void action();
    // Deliberately once: the action reads the values of the first render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
