import { ONBOARDING_MESSAGES } from '@casebridge/contracts';
import { MissingSession, OnboardingFrame } from './OnboardingFrame';
import { CHOICE_FIELDS, choiceDefaults, ProcessChoice, type ChoiceValues } from './ProcessChoice';
import { useOnboarding } from './onboarding-store';
import { useChoiceRegistration } from './use-choice-registration';
import { useOnboardingFlow, type OnboardingFlow } from './use-onboarding-flow';
import { useOnboardingForm } from './use-onboarding-form';
import { SubmitActions } from '../../ui/SubmitActions';

/** /onboarding/choose-process: an existing member picks its process and user access, then is registered. */
export function ChooseProcessPage() {
  const flow = useOnboardingFlow();
  if (!flow) return <MissingSession message={ONBOARDING_MESSAGES.sessionNotFound} />;
  return <ChooseProcessForm {...flow} />;
}

function ChooseProcessForm({ vhost, group, session }: OnboardingFlow) {
  const draft = useOnboarding((state) => state.drafts.choice);
  const choice = useChoiceRegistration(vhost, session);
  const {
    register,
    submitWith,
    setError,
    formState: { errors, isSubmitting },
  } = useOnboardingForm<ChoiceValues>({ defaultValues: choiceDefaults(draft), fields: CHOICE_FIELDS });

  const onSubmit = submitWith(async (values) => {
    if (choice.keepChoice(values, setError)) await choice.register(values);
  });

  return (
    <OnboardingFrame title="Choose a Process" group={group}>
      <form className="narrow-form" onSubmit={onSubmit} noValidate>
        <ProcessChoice vhost={vhost} session={session} register={register} errors={errors} />
        <SubmitActions label="Submit" busy={isSubmitting} />
      </form>
    </OnboardingFrame>
  );
}
