import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { Country, OnboardingGroup, OnboardingSessionView } from '@casebridge/contracts';

/** What the applicant typed per step, kept so a reload (or a return from payment) shows it again. */
export interface OnboardingDrafts {
  contact?: Record<string, unknown>;
  agreements?: Record<string, unknown>;
  process?: Record<string, unknown>;
  choice?: Record<string, unknown>;
}

interface OnboardingState {
  vhost: string | null;
  group: OnboardingGroup | null;
  countries: Country[];
  /** The e-mail typed on the group home; the session's own copy wins once it has one. */
  email: string | null;
  session: OnboardingSessionView | null;
  drafts: OnboardingDrafts;
  /** A new flow for a group: whatever an earlier flow left behind is dropped. */
  start: (values: {
    vhost: string;
    group: OnboardingGroup;
    countries: Country[];
    session: OnboardingSessionView;
    email?: string | null;
  }) => void;
  /** Every step answer carries the fresh session view. */
  setSession: (session: OnboardingSessionView | undefined | null) => void;
  saveDraft: (step: keyof OnboardingDrafts, values: object) => void;
  /** After a successful submit the onboarding data is reset. */
  reset: () => void;
}

const EMPTY = {
  vhost: null,
  group: null,
  countries: [],
  email: null,
  session: null,
  drafts: {},
} satisfies Partial<OnboardingState>;

/**
 * The onboarding flow of one browser tab, persisted in sessionStorage so a reload keeps the step
 * but another tab (or a closed browser) starts clean; the server keeps the real state behind the session token.
 */
export const useOnboarding = create<OnboardingState>()(
  persist(
    (set) => ({
      ...EMPTY,
      start: ({ vhost, group, countries, session, email = null }) =>
        set({ ...EMPTY, vhost, group, countries, session, email }),
      setSession: (session) => {
        if (session) set({ session });
      },
      saveDraft: (step, values) =>
        set((state) => ({ drafts: { ...state.drafts, [step]: { ...(values as Record<string, unknown>) } } })),
      reset: () => set({ ...EMPTY }),
    }),
    {
      name: 'casebridge.onboarding',
      storage: createJSONStorage(() => window.sessionStorage),
      partialize: ({ vhost, group, countries, email, session, drafts }) => ({
        vhost,
        group,
        countries,
        email,
        session,
        drafts,
      }),
    },
  ),
);
