import { create } from 'zustand';
import { MESSAGES } from '@casebridge/contracts';
import { storage } from '../lib/storage';
import { STORAGE_KEYS } from '@casebridge/contracts';

export type AlertLevel = 'primary' | 'success' | 'warning' | 'danger';

export interface BannerAlert {
  id: number;
  level: AlertLevel;
  message: string;
}

interface AlertsState {
  alerts: BannerAlert[];
  /** Shows a banner now; banners clear on the next route change. */
  show: (message?: string | null, level?: AlertLevel) => void;
  dismiss: (id: number) => void;
  clear: () => void;
  /** Keeps an alert for the next page load or route change (used right before navigating away). */
  flash: (message?: string | null, level?: AlertLevel) => void;
  /** Shows the flashed alert, if any, exactly once. */
  showFlashed: () => void;
}

let nextId = 1;

export const useAlerts = create<AlertsState>((set) => ({
  alerts: [],
  show: (message, level = 'danger') =>
    set((state) => ({
      alerts: [...state.alerts, { id: nextId++, level, message: message || MESSAGES.unknownError }],
    })),
  dismiss: (id) => set((state) => ({ alerts: state.alerts.filter((alert) => alert.id !== id) })),
  clear: () => set({ alerts: [] }),
  flash: (message, level = 'danger') =>
    storage.set(STORAGE_KEYS.alert, JSON.stringify({ message: message || MESSAGES.unknownError, level })),
  showFlashed: () => {
    const stored = storage.get(STORAGE_KEYS.alert);
    if (!stored) return;
    storage.remove(STORAGE_KEYS.alert);
    try {
      const { message, level } = JSON.parse(stored) as { message?: string; level?: AlertLevel };
      set((state) => ({
        alerts: [
          ...state.alerts,
          { id: nextId++, level: level ?? 'danger', message: message || MESSAGES.unknownError },
        ],
      }));
    } catch {
      // A stored alert from an older version: drop it.
    }
  },
}));

/** Shorthands for code outside components. */
export const alerts = {
  show: (message?: string | null, level?: AlertLevel) => useAlerts.getState().show(message, level),
  flash: (message?: string | null, level?: AlertLevel) => useAlerts.getState().flash(message, level),
};
