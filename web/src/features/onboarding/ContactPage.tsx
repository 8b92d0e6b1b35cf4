import { useNavigate } from 'react-router-dom';
import {
  DEFAULT_PHONE_COUNTRY_CODE,
  MESSAGES,
  ONBOARDING_MESSAGES,
  type OnboardingSessionView,
} from '@casebridge/contracts';
import { API } from '../../lib/api-routes';
import { useApiMutation } from '../../lib/mutations';
import { dialCodeOptions, DialCodePhoneFields, NameFields } from '../../ui/ContactFields';
import { PasswordFields } from '../../ui/PasswordFields';
import { ComboboxField } from '../../ui/ComboboxField';
import { TextField } from '../../ui/fields';
import { RequiredLegend } from '../../ui/RequiredNotes';
import { MissingSession, OnboardingFrame } from './OnboardingFrame';
import { showSaved } from './saved-for-later';
import { useOnboarding } from './onboarding-store';
import { nextPath } from './steps';
import { useOnboardingFlow, type OnboardingFlow } from './use-onboarding-flow';
import { useOnboardingForm } from './use-onboarding-form';

const COMPANY_FIELDS = ['name', 'address', 'city', 'state', 'zipcode', 'url', 'country_id'] as const;
const USER_FIELDS = ['first_name', 'last_name', 'email', 'phone', 'phone_country_code'] as const;
const PASSWORD_FIELDS = ['password', 'password_confirmation'] as const;

type ContactValues = Record<
  (typeof COMPANY_FIELDS)[number] | (typeof USER_FIELDS)[number] | (typeof PASSWORD_FIELDS)[number],
  string
>;

const FIELDS = [...COMPANY_FIELDS, ...USER_FIELDS, ...PASSWORD_FIELDS] as const;

function initialValues(session: OnboardingSessionView, email: string | null, draft?: Record<string, unknown>) {
  const saved = { ...session.data.company, ...session.data.user } as Record<string, unknown>;
  const values = {} as ContactValues;
  for (const field of FIELDS) {
    const value = draft?.[field] ?? saved[field];
    values[field] = value === null || value === undefined ? '' : String(value);
  }
  values.email = String(session.data.user?.email ?? email ?? values.email);
  values.phone_country_code ||= DEFAULT_PHONE_COUNTRY_CODE;
  return values;
}

/** /onboarding/contact: the company and the applicant, the flow's first step. */
export function ContactPage() {
  const flow = useOnboardingFlow();
  if (!flow) return <MissingSession message={ONBOARDING_MESSAGES.sessionNotFound} />;
  return <ContactForm {...flow} />;
}

function ContactForm({ vhost, group, countries, session }: OnboardingFlow) {
  const navigate = useNavigate();
  const email = useOnboarding((state) => state.email);
  const draft = useOnboarding((state) => state.drafts.contact);
  const setSession = useOnboarding((state) => state.setSession);
  const saveDraft = useOnboarding((state) => state.saveDraft);
  const {
    register,
    submitWith,
    formState: { errors, isSubmitting },
  } = useOnboardingForm<ContactValues>({
    defaultValues: initialValues(session, email, draft),
    fields: FIELDS,
  });

  const validation = useApiMutation(API.onboarding.validateContact, { loader: true, handlesErrors: true });
  const send = (saveForLater: boolean) =>
    submitWith(async (values) => {
      const { password, password_confirmation, ...kept } = values;
      saveDraft('contact', kept);
      const answer = await validation.mutateAsync({
        params: { vhost },
        body: {
          session_token: session.token,
          company: {
            name: values.name,
            address: values.address,
            city: values.city,
            state: values.state,
            zipcode: values.zipcode,
            country_id: values.country_id,
            url: values.url,
          },
          user: {
            first_name: values.first_name,
            last_name: values.last_name,
            email: values.email,
            phone: values.phone,
            phone_country_code: values.phone_country_code,
            // An applicant with an account keeps its password: none is asked.
            ...(session.user_known ? {} : { password, password_confirmation }),
          },
          save_for_later: saveForLater,
        },
      });
      setSession(answer.session);
      if (saveForLater) return showSaved(answer.message);
      const to = nextPath(answer.next);
      if (!answer.valid || !to) throw new Error(answer.message ?? MESSAGES.submissionError);
      await navigate(to);
    });

  const countryOptions = countries.map((country) => ({ value: country.id, label: country.name }));
  return (
    <OnboardingFrame title="Contact Information" group={group}>
      <form className="narrow-form" onSubmit={send(false)} noValidate>
        <RequiredLegend />
        <section className="card">
          <h2>Company</h2>
          <TextField
            label="Company Name"
            autoComplete="organization"
            aria-required
            error={errors.name}
            {...register('name')}
          />
          <TextField
            label="Address"
            autoComplete="street-address"
            aria-required
            error={errors.address}
            {...register('address')}
          />
          <div className="field-row">
            <TextField
              label="City"
              autoComplete="address-level2"
              aria-required
              error={errors.city}
              {...register('city')}
            />
            <TextField label="State" autoComplete="address-level1" error={errors.state} {...register('state')} />
          </div>
          <div className="field-row">
            <TextField
              label="Postal Code"
              autoComplete="postal-code"
              aria-required
              error={errors.zipcode}
              {...register('zipcode')}
            />
            <ComboboxField
              label="Country"
              aria-required
              placeholder={MESSAGES.chooseOne}
              options={countryOptions}
              error={errors.country_id}
              {...register('country_id')}
            />
          </div>
          <TextField label="Website" type="url" autoComplete="url" error={errors.url} {...register('url')} />
        </section>
        <section className="card">
          <h2>Your Details</h2>
          <NameFields register={register} errors={errors} required />
          <TextField label="Email" type="email" readOnly error={errors.email} {...register('email')} />
          <DialCodePhoneFields
            register={register}
            errors={errors}
            codes={dialCodeOptions(countries, session.data.user?.phone_country_code)}
          />
          {!session.user_known && <PasswordFields label="Password" register={register} errors={errors} />}
        </section>
        <div className="form-actions">
          <button type="submit" className="button" disabled={isSubmitting}>
            Next
          </button>
          <button type="button" className="button button-secondary" disabled={isSubmitting} onClick={send(true)}>
            Save and Finish Later
          </button>
        </div>
      </form>
    </OnboardingFrame>
  );
}
