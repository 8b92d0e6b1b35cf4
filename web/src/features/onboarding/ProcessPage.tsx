import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  DEFAULT_PHONE_COUNTRY_CODE,
  MESSAGES,
  ONBOARDING_MESSAGES,
  type OnboardingDocument,
} from '@casebridge/contracts';
import { API } from '../../lib/api-routes';
import { useApiMutation } from '../../lib/mutations';
import { dialCodeOptions } from '../../ui/ContactFields';
import { ComboboxField } from '../../ui/ComboboxField';
import { TextField } from '../../ui/fields';
import { MissingSession, OnboardingFrame } from './OnboardingFrame';
import { SampleFormModal } from './SampleFormModal';
import { useOnboarding } from './onboarding-store';
import { showSaved } from './saved-for-later';
import { nextPath } from './steps';
import { useOnboardingFlow, type OnboardingFlow } from './use-onboarding-flow';
import { useOnboardingForm } from './use-onboarding-form';

type ProcessValues = Record<keyof OnboardingDocument, string>;

const FIELDS = [
  'support_hours',
  'product_supported',
  'support_email',
  'manager_first_name',
  'manager_last_name',
  'manager_email',
  'support_phone',
  'support_country_code',
] as const satisfies readonly (keyof OnboardingDocument)[];

function initialValues(saved: Partial<OnboardingDocument> | null | undefined, draft?: Record<string, unknown>) {
  const values = {} as ProcessValues;
  for (const field of FIELDS) {
    const value = draft?.[field] ?? saved?.[field];
    values[field] = value === null || value === undefined ? '' : String(value);
  }
  values.support_country_code ||= DEFAULT_PHONE_COUNTRY_CODE;
  return values;
}

/** /onboarding/process: a new member describes how partners reach its support. */
export function ProcessPage() {
  const flow = useOnboardingFlow();
  if (!flow) return <MissingSession message={ONBOARDING_MESSAGES.sessionNotFound} />;
  return <ProcessForm {...flow} />;
}

function ProcessForm({ vhost, group, countries, session }: OnboardingFlow) {
  const navigate = useNavigate();
  const draft = useOnboarding((state) => state.drafts.process);
  const saveDraft = useOnboarding((state) => state.saveDraft);
  const setSession = useOnboarding((state) => state.setSession);
  const [sampleOpen, setSampleOpen] = useState(false);
  const {
    register,
    submitWith,
    getValues,
    formState: { errors, isSubmitting },
  } = useOnboardingForm<ProcessValues>({
    defaultValues: initialValues(session.data.document, draft),
    fields: FIELDS,
  });

  const registration = useApiMutation(API.onboarding.register, { loader: true, handlesErrors: true });
  const send = (saveForLater: boolean) =>
    submitWith(async (values) => {
      saveDraft('process', values);
      const answer = await registration.mutateAsync({
        params: { vhost },
        body: { session_token: session.token, document: values, save_for_later: saveForLater },
      });
      setSession(answer.session);
      if (saveForLater) return showSaved(answer.message);
      if (!answer.valid) throw new Error(answer.message ?? MESSAGES.submissionError);
      await navigate(nextPath(answer.next ?? 'success') ?? nextPath('success')!);
    });

  return (
    <OnboardingFrame title="Collaboration Process" group={group}>
      <form className="narrow-form" onSubmit={send(false)} noValidate>
        <section className="card">
          <h2>Support</h2>
          <p>Tell partners how your support team works. We build your collaboration form from it.</p>
          <TextField
            label="Support Hours"
            placeholder="e.g. 24x7, or Mon-Fri 8am-6pm CET"
            error={errors.support_hours}
            {...register('support_hours')}
          />
          <TextField label="Products Supported" error={errors.product_supported} {...register('product_supported')} />
          <TextField
            label="Support Email Alias"
            type="email"
            hint="Where partners' cases are sent, e.g. support@yourcompany.com"
            error={errors.support_email}
            {...register('support_email')}
          />
          <div className="field-row field-row-phone">
            <ComboboxField
              label="Support Phone Country"
              options={dialCodeOptions(countries, session.data.document?.support_country_code)}
              error={errors.support_country_code}
              {...register('support_country_code')}
            />
            <TextField label="Support Phone" type="tel" error={errors.support_phone} {...register('support_phone')} />
          </div>
        </section>
        <section className="card">
          <h2>Support Manager</h2>
          <div className="field-row">
            <TextField label="First Name" error={errors.manager_first_name} {...register('manager_first_name')} />
            <TextField label="Last Name" error={errors.manager_last_name} {...register('manager_last_name')} />
          </div>
          <TextField label="Email" type="email" error={errors.manager_email} {...register('manager_email')} />
        </section>
        <div className="form-actions">
          <button type="submit" className="button" disabled={isSubmitting}>
            Submit
          </button>
          <button type="button" className="button button-secondary" disabled={isSubmitting} onClick={send(true)}>
            Save and Finish Later
          </button>
          <button type="button" className="link-button" onClick={() => setSampleOpen(true)}>
            View Sample Form
          </button>
        </div>
      </form>
      {sampleOpen && (
        <SampleFormModal
          companyName={session.company?.name ?? session.data.company?.name ?? ''}
          process={getValues()}
          onClose={() => setSampleOpen(false)}
        />
      )}
    </OnboardingFrame>
  );
}
