import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import {
  API,
  DEFAULT_PHONE_COUNTRY_CODE,
  LIMITS,
  MESSAGES,
  PASSWORD_RULES_TEXT,
  RegistrationBody,
  type LandingResponse,
} from '@casebridge/contracts';
import { call } from '../../lib/api';
import { errorMessage } from '../../lib/api-error';
import { applyServerErrors } from '../../lib/form-errors';
import { alerts } from '../../app/alerts-store';
import { CheckboxField, SelectField, TextField } from '../../ui/fields';
import { withLoader } from '../../ui/modal-store';

type RegistrationInput = z.input<typeof RegistrationBody>;
type RegistrationValues = z.output<typeof RegistrationBody>;

const FIELDS = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'phone_country_code',
  'country_id',
  'city',
  'password',
  'password_confirmation',
  'agree_confirm',
] as const;

// An unchosen select must reach the schema as null, not as "" (which would coerce to 0).
const emptyToNull = (value: unknown) => (value === '' ? null : value);

type Outcome = { approval: boolean; message: string };

/** Registration with a requires_registration company (POST caller/register/{slug}). */
export function RegistrationForm({ landing }: { landing: LandingResponse }) {
  const { company, countries } = landing;
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RegistrationInput, unknown, RegistrationValues>({
    resolver: zodResolver(RegistrationBody),
    defaultValues: { phone_country_code: DEFAULT_PHONE_COUNTRY_CODE },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await withLoader(call(API.landing.register, { params: { slug: company.slug }, body: values }));
      if (answer.error) {
        alerts.show(answer.error, 'warning');
        return;
      }
      setOutcome({ approval: answer.approval, message: answer.message });
    } catch (error) {
      if (!applyServerErrors(error, setError, FIELDS, { country: 'country_id' }))
        alerts.show(errorMessage(error), 'warning');
    }
  });

  if (outcome) {
    return (
      <section className="card" aria-labelledby="registration-title" role="status">
        <h2 id="registration-title">{outcome.approval ? MESSAGES.registrationApproval : 'Registration Received'}</h2>
        <p>{outcome.approval ? MESSAGES.registrationApprovalText : outcome.message}</p>
      </section>
    );
  }

  const countryOptions = countries.map((country) => ({ value: country.id, label: country.name }));
  const dialOptions = [...new Set([DEFAULT_PHONE_COUNTRY_CODE, ...countries.map((c) => c.country_code)])].map(
    (code) => ({ value: code, label: code }),
  );

  return (
    <section className="card" aria-labelledby="registration-title">
      <h2 id="registration-title">Register</h2>
      <form onSubmit={onSubmit} noValidate>
        <div className="field-row">
          <TextField
            label="First Name"
            autoComplete="given-name"
            error={errors.first_name}
            {...register('first_name')}
          />
          <TextField label="Last Name" autoComplete="family-name" error={errors.last_name} {...register('last_name')} />
        </div>
        <TextField label="Work Email" type="email" autoComplete="email" error={errors.email} {...register('email')} />
        <div className="field-row field-row-phone">
          <SelectField
            label="Phone Country"
            options={dialOptions}
            error={errors.phone_country_code}
            {...register('phone_country_code')}
          />
          <TextField
            label="Phone"
            type="tel"
            autoComplete="tel"
            maxLength={LIMITS.phoneMax}
            error={errors.phone}
            {...register('phone')}
          />
        </div>
        <div className="field-row">
          <SelectField
            label="Country"
            options={countryOptions}
            placeholder="Choose One"
            error={errors.country_id}
            {...register('country_id', { setValueAs: emptyToNull })}
          />
          <TextField label="City" autoComplete="address-level2" error={errors.city} {...register('city')} />
        </div>
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          error={errors.password}
          hint={
            <ul className="password-rules" aria-label="Password rules">
              {PASSWORD_RULES_TEXT.map((rule) => (
                <li key={rule}>{rule}</li>
              ))}
            </ul>
          }
          {...register('password')}
        />
        <TextField
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          error={errors.password_confirmation}
          {...register('password_confirmation')}
        />
        <CheckboxField
          label="I agree to the terms of the privacy policy."
          error={errors.agree_confirm}
          {...register('agree_confirm')}
        />
        <div className="form-actions">
          <button type="submit" className="button" disabled={isSubmitting}>
            Register
          </button>
        </div>
      </form>
    </section>
  );
}
