import { ONBOARDING_MESSAGES } from '@casebridge/contracts';
import { alerts } from '../../app/alerts-store';

/** "Save and Finish Later" keeps the applicant on the page with a success message. */
export function showSaved(message: string | undefined): void {
  alerts.show(message || ONBOARDING_MESSAGES.savedForLater, 'success');
  window.scrollTo({ top: 0 });
}
