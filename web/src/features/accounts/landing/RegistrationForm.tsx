import { useState } from 'react';
import { DEFAULT_PHONE_COUNTRY_CODE, MESSAGES, RegistrationBody, type LandingResponse } from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';
import { useApiMutation } from '../../../lib/mutations';
import { useServerForm } from '../../../lib/use-server-form';
import { alerts } from '../../../app/alerts-store';
import { AgreementField } from '../../../ui/AgreementField';
import { CONTACT_FIELD_NAMES, ContactFields, DialCodePhoneFields, dialCodeOptions } from '../../../ui/ContactFields';
import { PasswordFields } from '../../../ui/PasswordFields';
import { SubmitActions } from '../../../ui/SubmitActions';
import { RequiredLegend } from '../../../ui/RequiredNotes';

type Outcome = { approval: boolean; message: string };

/** Registration with a requires_registration company (POST caller/register/{slug}). */
export function RegistrationForm({ landing }: { landing: LandingResponse }) {
  const { company, countries } = landing;
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const {
    register,
    submitWith,
    formState: { errors, isSubmitting },
  } = useServerForm(RegistrationBody, {
    defaultValues: { phone_country_code: DEFAULT_PHONE_COUNTRY_CODE },
    fields: [...CONTACT_FIELD_NAMES, 'password', 'password_confirmation', 'agree_confirm'],
    fieldMap: { country: 'country_id' },
  });

  const registration = useApiMutation(API.landing.register, {
    loader: true,
    handlesErrors: true,
    onSuccess: (answer) => {
      if (answer.error) alerts.show(answer.error, 'warning');
      else setOutcome({ approval: answer.approval, message: answer.message });
    },
  });
  const onSubmit = submitWith((values) => registration.mutateAsync({ params: { slug: company.slug }, body: values }));

  if (outcome) {
    return (
      <section className="card" aria-labelledby="registration-title" role="status">
        <h2 id="registration-title">{outcome.approval ? MESSAGES.registrationApproval : 'Registration Received'}</h2>
        <p>{outcome.approval ? MESSAGES.registrationApprovalText : outcome.message}</p>
      </section>
    );
  }

  return (
    <section className="card" aria-labelledby="registration-title">
      <h2 id="registration-title">Register</h2>
      <form onSubmit={onSubmit} noValidate>
        <RequiredLegend />
        <ContactFields
          register={register}
          errors={errors}
          emailLabel="Work Email"
          phone={<DialCodePhoneFields register={register} errors={errors} codes={dialCodeOptions(countries)} />}
          countries={countries}
        />
        <PasswordFields label="Password" register={register} errors={errors} />
        <AgreementField register={register} errors={errors} />
        <SubmitActions label="Register" busy={isSubmitting} />
      </form>
    </section>
  );
}
