import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { OnboardingGroup } from '@casebridge/contracts';
import { PageFrame } from '../../app/PageFrame';
import { homePath } from './steps';

interface OnboardingFrameProps {
  title: string;
  group: OnboardingGroup | null;
  children: ReactNode;
}

/**
 * The lighter frame of the onboarding pages: the applicant has no account yet, so no member navigation,
 * only the partner group's banner and name above the step.
 */
export function OnboardingFrame({ title, group, children }: OnboardingFrameProps) {
  // A group whose banner file is missing answers 404: show its name instead of a broken image.
  const [bannerFailed, setBannerFailed] = useState(false);
  const showBanner = Boolean(group?.banner_url) && !bannerFailed;
  return (
    <PageFrame title={group ? `${title} | ${group.name}` : title} hideTitle>
      <header className="onboarding-header">
        {group && showBanner && (
          <img
            className="onboarding-banner"
            src={group.banner_url ?? undefined}
            alt={`${group.name} banner`}
            style={{ display: 'block', maxWidth: '100%', maxHeight: '220px', objectFit: 'cover', marginBottom: '1rem' }}
            onError={() => setBannerFailed(true)}
          />
        )}
        {group && !showBanner && <p className="muted">{group.name}</p>}
        <div className="page-title">
          <h1>{title}</h1>
        </div>
      </header>
      {children}
    </PageFrame>
  );
}

/** Shown on a step page opened without an onboarding session and without a known group. */
export function MissingSession({ message }: { message: string }) {
  return (
    <OnboardingFrame title="Onboarding" group={null}>
      <div className="card narrow">
        <p>{message}</p>
        <Link to={homePath(null)}>Go to the home page</Link>
      </div>
    </OnboardingFrame>
  );
}
