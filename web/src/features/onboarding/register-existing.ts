import { MESSAGES, type OnboardingNext, type OnboardingSessionView } from '@casebridge/contracts';
import { API } from '../../lib/api-routes';
import { showErrorAlert } from '../../lib/mutation-errors';
import { useApiMutation } from '../../lib/mutations';
import type { AgreementValues } from './AgreementChecks';
import { agreementsBody } from './AgreementChecks';
import type { ChoiceValues } from './ProcessChoice';

export const CHOOSE_PROCESS_MESSAGE = 'Please choose a process.';

/**
 * An existing member's last step (the register/existing call): the chosen process and user access, with the
 * agreements and, when the user is unknown, the names. Resolves with the next step (success); rejects when it
 * fails or the server refuses it, for the page's form to put field errors in place. With `announceFailure`, every
 * failure is also a warning banner (for a form that announces none itself).
 */
export function useRegisterExisting(vhost: string, { announceFailure = false } = {}) {
  const registration = useApiMutation(API.onboarding.registerExisting, {
    loader: true,
    // A refusal in the answer fails the step like an error does.
    onSuccess: (answer) => {
      if (!answer.valid) throw new Error(answer.message ?? MESSAGES.submissionError);
    },
    handlesErrors: true,
    onError: (error) => {
      if (announceFailure) showErrorAlert(error);
    },
  });
  return async (
    session: OnboardingSessionView,
    choice: ChoiceValues,
    agreements?: AgreementValues,
  ): Promise<{ next: OnboardingNext; session?: OnboardingSessionView }> => {
    const answer = await registration.mutateAsync({
      params: { vhost },
      body: {
        session_token: session.token,
        document_id: choice.document_id,
        user_access: choice.user_access,
        ...(agreements ? agreementsBody(session, agreements) : {}),
      },
    });
    return { next: answer.next ?? 'success', session: answer.session };
  };
}
