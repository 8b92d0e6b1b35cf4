import { useEffect, useState } from 'react';
import { ONBOARDING_MESSAGES } from '@casebridge/contracts';
import { PUBLIC_LINKS } from '../../lib/public-site';
import { OnboardingFrame } from './OnboardingFrame';
import { useOnboarding } from './onboarding-store';

/** /onboarding/success: the request was sent; the flow's data is reset. */
export function SuccessPage() {
  // Read once before the reset, so the page keeps the group's name and banner.
  const [group] = useState(() => useOnboarding.getState().group);
  const reset = useOnboarding((state) => state.reset);
  useEffect(() => reset(), [reset]);

  return (
    <OnboardingFrame title="Thank You" group={group}>
      <div className="card narrow" role="status">
        <p className="lead">{ONBOARDING_MESSAGES.submitted}</p>
        {group && <p>Thank you for applying to join {group.name}.</p>}
        <p>
          <a href={PUBLIC_LINKS.site}>Visit the Casebridge web site</a>
        </p>
      </div>
    </OnboardingFrame>
  );
}
