import { useCallback, useState } from 'react';
import { useAsync, type AsyncState } from '../../lib/use-async';

/** useAsync plus a reload(): pages reload their data after every change they make (spec 1 §4). */
export function useReloadable<T>(load: () => Promise<T>, deps: readonly unknown[]): [AsyncState<T>, () => void] {
  const [generation, setGeneration] = useState(0);
  const state = useAsync(load, [...deps, generation]);
  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  return [state, reload];
}

/**
 * Keeps the last good data on screen while a reload is in flight, so a reload after a change
 * does not flash the loading text over the whole page.
 */
export function useStickyData<T>(state: AsyncState<T>): T | undefined {
  const [last, setLast] = useState<T | undefined>(undefined);
  if (state.status === 'ready' && state.data !== last) setLast(state.data);
  return state.status === 'ready' ? state.data : last;
}
