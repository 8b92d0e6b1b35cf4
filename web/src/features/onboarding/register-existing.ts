import { API, MESSAGES, type OnboardingNext, type OnboardingSessionView } from '@casebridge/contracts';
import { call } from '../../lib/api';
import { withLoader } from '../../ui/modal-store';
import type { AgreementValues } from './AgreementChecks';
import { agreementsBody } from './AgreementChecks';
import type { ChoiceValues } from './ProcessChoice';

export const CHOOSE_PROCESS_MESSAGE = 'Please choose a process.';

/**
 * An existing member's last step (spec 2 §7 register/existing): the chosen process and user access, with the
 * agreements and, when the user is unknown, the names. Resolves with the next step (success).
 */
export async function registerExisting(
  vhost: string,
  session: OnboardingSessionView,
  choice: ChoiceValues,
  agreements?: AgreementValues,
): Promise<{ next: OnboardingNext; session?: OnboardingSessionView }> {
  const answer = await withLoader(
    call(API.onboarding.registerExisting, {
      params: { vhost },
      body: {
        session_token: session.token,
        document_id: choice.document_id,
        user_access: choice.user_access,
        ...(agreements ? agreementsBody(session, agreements) : {}),
      },
    }),
  );
  if (!answer.valid) throw new Error(answer.message ?? MESSAGES.submissionError);
  return { next: answer.next ?? 'success', session: answer.session };
}
