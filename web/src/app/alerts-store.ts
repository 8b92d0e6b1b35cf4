import { useEffect } from 'react';
import { create } from 'zustand';
import { MESSAGES } from '@casebridge/contracts';
import { storage } from '../lib/storage';
import { STORAGE_KEYS } from '@casebridge/contracts';

export type AlertLevel = 'primary' | 'success' | 'warning' | 'danger';

/** Where a banner stands: above the page, or inside the open modal whose action it answers. */
export type AlertPlace = 'page' | number;

export interface BannerAlert {
  id: number;
  level: AlertLevel;
  message: string;
  place: AlertPlace;
}

/** A success banner leaves after this long (paused while pointed at or focused); errors wait for the next action. */
export const SUCCESS_BANNER_MS = 5_000;

interface AlertsState {
  alerts: BannerAlert[];
  /** Open modals that show their own errors, innermost last. */
  places: number[];
  /**
   * Shows a banner now, replacing any other: one message at a time, the newest action's. Warnings and errors go
   * into the innermost open modal (the action was taken there); success and notices stand above the page.
   */
  show: (message?: string | null, level?: AlertLevel) => void;
  dismiss: (id: number) => void;
  /** Removes every banner (route change, a new action). */
  clear: () => void;
  /** Keeps an alert for the next page load or route change (used right before navigating away). */
  flash: (message?: string | null, level?: AlertLevel) => void;
  /** Shows the flashed alert, if any, exactly once. */
  showFlashed: () => void;
  /** A modal opened: warnings and errors go into it until it closes. Returns its place. */
  openPlace: () => number;
  /** The modal closed: its banners go with it. */
  closePlace: (place: number) => void;
}

let nextId = 1;
let nextPlace = 1;

const isProblem = (level: AlertLevel) => level === 'warning' || level === 'danger';

export const useAlerts = create<AlertsState>((set, get) => ({
  alerts: [],
  places: [],
  show: (message, level = 'danger') =>
    set((state) => {
      const modal = state.places[state.places.length - 1];
      const place: AlertPlace = isProblem(level) && modal !== undefined ? modal : 'page';
      return { alerts: [{ id: nextId++, level, message: message || MESSAGES.unknownError, place }] };
    }),
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
      get().show(message, level ?? 'danger');
    } catch {
      // A stored alert from an older version: drop it.
    }
  },
  openPlace: () => {
    const place = nextPlace++;
    set((state) => ({ places: [...state.places, place] }));
    return place;
  },
  closePlace: (place) =>
    set((state) => ({
      places: state.places.filter((open) => open !== place),
      alerts: state.alerts.filter((alert) => alert.place !== place),
    })),
}));

/** Shorthands for code outside components. */
export const alerts = {
  show: (message?: string | null, level?: AlertLevel) => useAlerts.getState().show(message, level),
  flash: (message?: string | null, level?: AlertLevel) => useAlerts.getState().flash(message, level),
};

/** Buttons that act on nothing (a picker's toggle) carry this attribute and leave the banners alone. */
export const KEEPS_ALERTS = 'data-keeps-alerts';

/**
 * A banner answers one action: the next one (a form sent, a button pressed) takes it away before it runs, so an
 * old "Profile Updated" never stands beside the next form's errors. Listens in the capture phase, ahead of the
 * action's own handler, which may then show its own banner.
 */
export function useAlertsClearedOnAction(): void {
  useEffect(() => {
    const onAction = (event: Event) => {
      if (event.type === 'click') {
        const target = event.target instanceof Element ? event.target : null;
        const control = target?.closest('button, input[type="submit"], input[type="button"]');
        if (!control || control.closest(`.alert, [${KEEPS_ALERTS}]`)) return;
      }
      if (useAlerts.getState().alerts.length > 0) useAlerts.getState().clear();
    };
    document.addEventListener('click', onAction, true);
    document.addEventListener('submit', onAction, true);
    return () => {
      document.removeEventListener('click', onAction, true);
      document.removeEventListener('submit', onAction, true);
    };
  }, []);
}
