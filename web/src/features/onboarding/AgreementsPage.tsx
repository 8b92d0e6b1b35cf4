import { useNavigate } from 'react-router-dom';
import { MESSAGES, ONBOARDING_MESSAGES, type OnboardingNext } from '@casebridge/contracts';
import { API } from '../../lib/api-routes';
import { alerts } from '../../app/alerts-store';
import { answerOrUndefined, useApiMutation } from '../../lib/mutations';
import {
  AGREEMENT_FIELD_MAP,
  AGREEMENT_FIELDS,
  AgreementChecks,
  agreementDefaults,
  type AgreementValues,
} from './AgreementChecks';
import { MissingSession, OnboardingFrame } from './OnboardingFrame';
import { PaymentPanel } from './PaymentPanel';
import { useOnboarding } from './onboarding-store';
import { nextPath } from './steps';
import { useAgreementsStep } from './use-agreements-step';
import { useOnboardingFlow, type OnboardingFlow } from './use-onboarding-flow';
import { useOnboardingForm } from './use-onboarding-form';
import { SubmitActions } from '../../ui/SubmitActions';

/** /onboarding/agreements: new and limited members accept the agreements, then pay when asked. */
export function AgreementsPage() {
  const flow = useOnboardingFlow();
  if (!flow) return <MissingSession message={ONBOARDING_MESSAGES.sessionNotFound} />;
  return <AgreementsForm {...flow} />;
}

function AgreementsForm(flow: OnboardingFlow) {
  const { vhost, group, session } = flow;
  const navigate = useNavigate();
  const draft = useOnboarding((state) => state.drafts.agreements);
  const saveDraft = useOnboarding((state) => state.saveDraft);
  const setSession = useOnboarding((state) => state.setSession);
  const { sendAgreements, paymentModal } = useAgreementsStep(flow);
  const {
    register,
    submitWith,
    formState: { errors, isSubmitting },
  } = useOnboardingForm<AgreementValues>({
    defaultValues: agreementDefaults(session, draft),
    fields: AGREEMENT_FIELDS,
    fieldMap: AGREEMENT_FIELD_MAP,
    // The submission warning is already on screen.
    onOtherError: () => undefined,
  });

  // A failure is the cache's warning with the server's message.
  const registerLimited = useApiMutation(API.onboarding.registerLimited, { loader: true });

  /** Where each `next` leads; a limited member is registered right here. */
  const continueWith = async (next: OnboardingNext) => {
    if (next === 'register-limited') {
      if (!session.company) return alerts.show(MESSAGES.submissionError, 'warning');
      const answer = await answerOrUndefined(
        registerLimited.mutateAsync({
          params: { vhost },
          body: { session_token: session.token, company_id: session.company.id },
        }),
      );
      if (!answer) return;
      if (!answer.valid) return alerts.show(answer.message ?? MESSAGES.submissionError, 'warning');
      setSession(answer.session);
      next = answer.next ?? 'success';
    }
    const to = nextPath(next);
    if (to) await navigate(to);
  };

  const onSubmit = submitWith(async (values) => {
    saveDraft('agreements', values);
    const next = await sendAgreements(values);
    if (next) await continueWith(next);
  });

  return (
    <OnboardingFrame title="Agreements" group={group}>
      <form className="narrow-form" onSubmit={onSubmit} noValidate>
        <AgreementChecks vhost={vhost} session={session} register={register} errors={errors} />
        <PaymentPanel group={group} session={session} />
        <SubmitActions label="Next" busy={isSubmitting} />
      </form>
      {paymentModal}
    </OnboardingFrame>
  );
}
