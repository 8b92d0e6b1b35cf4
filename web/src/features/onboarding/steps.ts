import { routePath, type OnboardingNext, type OnboardingStep, type RouteName } from '@casebridge/contracts';
import { isRouteName } from '../../app/route-table';

/** The page of a step stored in a session: a restored session continues there. */
export function stepPath(step: OnboardingStep): string {
  return routePath(`onboarding.${step}` as RouteName);
}

/**
 * Where verify_email sends the applicant: the api names a route (`onboarding.contact`); a plain path or a
 * bare step name is accepted too, so a wording change on the server does not strand the applicant.
 */
export function redirectPath(redirect: string | null | undefined): string {
  if (!redirect) return stepPath('contact');
  if (isRouteName(redirect) && redirect.startsWith('onboarding.') && redirect !== 'onboarding.home') {
    return routePath(redirect);
  }
  if (redirect.startsWith('/')) return redirect;
  const asStep = `onboarding.${redirect}`;
  return isRouteName(asStep) ? routePath(asStep) : stepPath('contact');
}

/** The group home of a flow, or the portal home when the group is unknown. */
export function homePath(vhost: string | null | undefined): string {
  return vhost ? routePath('onboarding.home', { vhost }) : routePath('home');
}

/** The page a step answer's `next` opens; null for the two that are actions, not pages (payment, register-limited). */
export function nextPath(next: OnboardingNext | undefined): string | null {
  switch (next) {
    case 'agreements':
    case 'basic-premium':
    case 'process':
    case 'choose-process':
    case 'success':
      return stepPath(next);
    default:
      return null;
  }
}
