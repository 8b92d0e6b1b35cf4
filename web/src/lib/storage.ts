import { STORAGE_KEYS } from '@casebridge/contracts';

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** localStorage that never throws (private mode, disabled storage): a missing value is just null. */
export const storage = {
  get(key: StorageKey): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: StorageKey, value: string | null | undefined): void {
    try {
      if (value === null || value === undefined) window.localStorage.removeItem(key);
      else window.localStorage.setItem(key, value);
    } catch {
      // Storage unavailable: the session simply does not survive a reload.
    }
  },
  remove(...keys: StorageKey[]): void {
    for (const key of keys) storage.set(key, null);
  },
};
