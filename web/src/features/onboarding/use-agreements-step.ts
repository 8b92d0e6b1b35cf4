import { MESSAGES, type OnboardingNext } from '@casebridge/contracts';
import { API } from '../../lib/api-routes';
import { alerts } from '../../app/alerts-store';
import { useApiMutation } from '../../lib/mutations';
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
  const agreements = useApiMutation(API.onboarding.agreements, {
    loader: true,
    // One submission warning here; the page's form puts the field errors in place and says nothing more.
    handlesErrors: true,
    onError: () => alerts.show(MESSAGES.submissionError, 'warning'),
  });

  const sendAgreements = async (values: AgreementValues): Promise<OnboardingNext | null> => {
    const { vhost, session } = flow;
    if (!allRequiredTicked(session, values)) {
      alerts.show(MESSAGES.acceptAllAgreements, 'warning');
      return null;
    }
    const answer = await agreements.mutateAsync({
      params: { vhost },
      body: { session_token: session.token, ...agreementsBody(session, values) },
    });
    setSession(answer.session);
    if (!answer.valid || !answer.next) {
      alerts.show(answer.message ?? MESSAGES.submissionError, 'warning');
      return null;
    }
    return answer.next === 'payment' ? payment.pay() : answer.next;
  };

  return { sendAgreements, paymentModal: payment.modal };
}
