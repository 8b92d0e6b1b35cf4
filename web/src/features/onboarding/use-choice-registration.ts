import type { ErrorOption } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import type { OnboardingSessionView } from '@casebridge/contracts';
import type { AgreementValues } from './AgreementChecks';
import { useOnboarding } from './onboarding-store';
import type { ChoiceValues } from './ProcessChoice';
import { CHOOSE_PROCESS_MESSAGE, useRegisterExisting } from './register-existing';
import { nextPath } from './steps';

type MarkProcessField = (name: 'document_id', error: ErrorOption, options: { shouldFocus: boolean }) => void;

/**
 * The process choice's submit, shared by the choose-process and basic-premium pages: the choice is kept as a draft,
 * a missing process is marked on its field, and registering the existing member moves on to the next step.
 * `announceFailure` as in useRegisterExisting.
 */
export function useChoiceRegistration(vhost: string, session: OnboardingSessionView, announceFailure = false) {
  const navigate = useNavigate();
  const saveDraft = useOnboarding((state) => state.saveDraft);
  const setSession = useOnboarding((state) => state.setSession);
  const registerExisting = useRegisterExisting(vhost, { announceFailure });

  /** Keeps the choice as a draft; false, with the process field marked, while no process is chosen. */
  const keepChoice = (choice: ChoiceValues, markProcessField: MarkProcessField) => {
    saveDraft('choice', { document_id: choice.document_id, user_access: choice.user_access });
    if (choice.document_id !== '') return true;
    markProcessField('document_id', { type: 'required', message: CHOOSE_PROCESS_MESSAGE }, { shouldFocus: true });
    return false;
  };

  const register = async (choice: ChoiceValues, agreements?: AgreementValues) => {
    const registered = await registerExisting(session, choice, agreements);
    setSession(registered.session);
    await navigate(nextPath(registered.next) ?? nextPath('success')!);
  };

  return { keepChoice, register };
}
