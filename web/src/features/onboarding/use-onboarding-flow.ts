import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useShallow } from 'zustand/react/shallow';
import {
  ONBOARDING_MESSAGES,
  type Country,
  type OnboardingGroup,
  type OnboardingSessionView,
} from '@casebridge/contracts';
import { alerts } from '../../app/alerts-store';
import { useOnboarding } from './onboarding-store';
import { homePath } from './steps';

export interface OnboardingFlow {
  vhost: string;
  group: OnboardingGroup;
  countries: Country[];
  session: OnboardingSessionView;
}

/**
 * The guard of every step page: the flow in progress, or null while an applicant without a session is sent
 * back to the group home (the page then shows MissingSession when even the group is unknown).
 */
export function useOnboardingFlow(): OnboardingFlow | null {
  const { vhost, group, countries, session } = useOnboarding(
    useShallow(({ vhost, group, countries, session }) => ({ vhost, group, countries, session })),
  );
  const navigate = useNavigate();
  const ready = Boolean(vhost && group && session);

  useEffect(() => {
    if (ready || !vhost) return;
    alerts.flash(ONBOARDING_MESSAGES.sessionNotFound, 'warning');
    void navigate(homePath(vhost), { replace: true });
  }, [ready, vhost, navigate]);

  return ready ? { vhost: vhost!, group: group!, countries, session: session! } : null;
}
