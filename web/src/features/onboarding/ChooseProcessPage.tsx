import { useNavigate } from 'react-router-dom';
import { ONBOARDING_MESSAGES } from '@casebridge/contracts';
import { MissingSession, OnboardingFrame } from './OnboardingFrame';
import { CHOICE_FIELDS, choiceDefaults, ProcessChoice, type ChoiceValues } from './ProcessChoice';
import { useOnboarding } from './onboarding-store';
import { CHOOSE_PROCESS_MESSAGE, registerExisting } from './register-existing';
import { nextPath } from './steps';
import { useOnboardingFlow, type OnboardingFlow } from './use-onboarding-flow';
import { useOnboardingForm } from './use-onboarding-form';

/** /onboarding/choose-process: an existing member picks its process and user access, then is registered (spec 2 §2). */
export function ChooseProcessPage() {
  const flow = useOnboardingFlow();
  if (!flow) return <MissingSession message={ONBOARDING_MESSAGES.sessionNotFound} />;
  return <ChooseProcessForm {...flow} />;
}

function ChooseProcessForm({ vhost, group, session }: OnboardingFlow) {
  const navigate = useNavigate();
  const draft = useOnboarding((state) => state.drafts.choice);
  const saveDraft = useOnboarding((state) => state.saveDraft);
  const setSession = useOnboarding((state) => state.setSession);
  const {
    register,
    submitWith,
    setError,
    formState: { errors, isSubmitting },
  } = useOnboardingForm<ChoiceValues>({ defaultValues: choiceDefaults(draft), fields: CHOICE_FIELDS });

  const onSubmit = submitWith(async (values) => {
    saveDraft('choice', { ...values });
    if (values.document_id === '') {
      setError('document_id', { type: 'required', message: CHOOSE_PROCESS_MESSAGE }, { shouldFocus: true });
      return;
    }
    const registered = await registerExisting(vhost, session, values);
    setSession(registered.session);
    await navigate(nextPath(registered.next) ?? nextPath('success')!);
  });

  return (
    <OnboardingFrame title="Choose a Process" group={group}>
      <form className="narrow-form" onSubmit={onSubmit} noValidate>
        <ProcessChoice vhost={vhost} session={session} register={register} errors={errors} />
        <div className="form-actions">
          <button type="submit" className="button" disabled={isSubmitting}>
            Submit
          </button>
        </div>
      </form>
    </OnboardingFrame>
  );
}
