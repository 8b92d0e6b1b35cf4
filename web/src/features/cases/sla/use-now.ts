import { useSyncExternalStore } from 'react';

/**
 * One shared one-second ticker for every live clock on the page: a table of countdowns re-renders on the same tick
 * instead of running a timer per row, and the timer stops when the last clock unmounts.
 */
const TICK_MS = 1000;
const listeners = new Set<() => void>();
let now = Date.now();
let timer: ReturnType<typeof setInterval> | null = null;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (timer === null) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const notify of listeners) notify();
    }, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== null) {
      clearInterval(timer);
      timer = null;
    }
  };
}

function snapshot(): number {
  return now;
}

/** The current time, refreshed every second while the component is mounted (epoch milliseconds). */
export function useNow(): number {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
