import { API, MESSAGES, type OnboardingNext } from '@casebridge/contracts';
import { alerts } from '../../app/alerts-store';
import { call } from '../../lib/api';
import { withLoader } from '../../ui/modal-store';
import { agreementsBody, allRequiredTicked, type AgreementValues } from './AgreementChecks';
import { useOnboarding } from './onboarding-store';
import type { OnboardingFlow } from './use-onboarding-flow';
import { usePaymentStep } from './use-payment-step';

/**
 * Sends the agreements and, when the api answers `payment`, takes the card payment in the modal.
 * Resolves with where the flow goes next, or null when the applicant must stay (warning shown, modal closed).
 * A failed call is rethrown after the submission warning so the form can put its field errors in place.
 */
export function useAgreementsStep(flow: OnboardingFlow) {
  const setSession = useOnboarding((state) => state.setSession);
  const payment = usePaymentStep(flow);

  const sendAgreements = async (values: AgreementValues): Promise<OnboardingNext | null> => {
    const { vhost, session } = flow;
    if (!allRequiredTicked(session, values)) {
      alerts.show(MESSAGES.acceptAllAgreements, 'warning');
      return null;
    }
    let answer;
    try {
      answer = await withLoader(
        call(API.onboarding.agreements, {
          params: { vhost },
          body: { session_token: session.token, ...agreementsBody(session, values) },
        }),
      );
    } catch (error) {
      alerts.show(MESSAGES.submissionError, 'warning');
      throw error;
    }
    setSession(answer.session);
    if (!answer.valid || !answer.next) {
      alerts.show(answer.message ?? MESSAGES.submissionError, 'warning');
      return null;
    }
    return answer.next === 'payment' ? payment.pay() : answer.next;
  };

  return { sendAgreements, paymentModal: payment.modal };
}
