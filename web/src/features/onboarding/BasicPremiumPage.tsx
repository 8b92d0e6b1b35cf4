import { ONBOARDING_MESSAGES } from '@casebridge/contracts';
import {
  AGREEMENT_FIELD_MAP,
  AGREEMENT_FIELDS,
  AgreementChecks,
  agreementDefaults,
  type AgreementValues,
} from './AgreementChecks';
import { MissingSession, OnboardingFrame } from './OnboardingFrame';
import { PaymentPanel } from './PaymentPanel';
import { CHOICE_FIELDS, choiceDefaults, ProcessChoice, type ChoiceValues } from './ProcessChoice';
import { useOnboarding } from './onboarding-store';
import { useAgreementsStep } from './use-agreements-step';
import { useChoiceRegistration } from './use-choice-registration';
import { useOnboardingFlow, type OnboardingFlow } from './use-onboarding-flow';
import { useOnboardingForm } from './use-onboarding-form';
import { SubmitActions } from '../../ui/SubmitActions';

type BasicPremiumValues = AgreementValues & ChoiceValues;

/**
 * /onboarding/basic-premium: an existing member (not limited) accepts the agreements, pays when asked and picks
 * its process and user access on one page: the agreements page with the process choice added.
 */
export function BasicPremiumPage() {
  const flow = useOnboardingFlow();
  if (!flow) return <MissingSession message={ONBOARDING_MESSAGES.sessionNotFound} />;
  return <BasicPremiumForm {...flow} />;
}

function BasicPremiumForm(flow: OnboardingFlow) {
  const { vhost, group, session } = flow;
  const drafts = useOnboarding((state) => state.drafts);
  const saveDraft = useOnboarding((state) => state.saveDraft);
  // The form announces no failure itself (the agreements step has its own warning): the registration does.
  const choice = useChoiceRegistration(vhost, session, true);
  const { sendAgreements, paymentModal } = useAgreementsStep(flow);
  const {
    register,
    submitWith,
    setError,
    formState: { errors, isSubmitting },
  } = useOnboardingForm<BasicPremiumValues>({
    defaultValues: { ...agreementDefaults(session, drafts.agreements), ...choiceDefaults(drafts.choice) },
    fields: [...AGREEMENT_FIELDS, ...CHOICE_FIELDS],
    fieldMap: AGREEMENT_FIELD_MAP,
    onOtherError: () => undefined,
  });

  const onSubmit = submitWith(async (values) => {
    saveDraft('agreements', values);
    if (!choice.keepChoice(values, setError)) return;
    // Payment (when due) comes between the agreements and the registration, as on the agreements page.
    const next = await sendAgreements(values);
    if (next) await choice.register(values, values);
  });

  return (
    <OnboardingFrame title="Membership" group={group}>
      <form className="narrow-form" onSubmit={onSubmit} noValidate>
        <AgreementChecks vhost={vhost} session={session} register={register} errors={errors} />
        <ProcessChoice vhost={vhost} session={session} register={register} errors={errors} />
        <PaymentPanel group={group} session={session} />
        <SubmitActions label="Submit" busy={isSubmitting} />
      </form>
      {paymentModal}
    </OnboardingFrame>
  );
}
