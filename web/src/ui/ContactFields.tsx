import type { ReactNode } from 'react';
import { DEFAULT_PHONE_COUNTRY_CODE, LIMITS, MESSAGES, type Country } from '@casebridge/contracts';
import { ComboboxField } from './ComboboxField';
import { PhoneField } from './PhoneField';
import { TextField } from './fields';
import type { ErrorsFor, RegisterFor } from './form-parts';

type NameField = 'first_name' | 'last_name';
type ContactField = NameField | 'email' | 'country_id' | 'city';
type DialField = 'phone' | 'phone_country_code';

/** The contact fields, in the order server errors are shown (profile, registration and user forms). */
export const CONTACT_FIELD_NAMES = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'phone_country_code',
  'country_id',
  'city',
] as const;

// An unchosen select must reach the schema as null, not as "" (which would coerce to 0).
const emptyToNull = (value: unknown) => (value === '' ? null : value);

interface NameFieldsProps {
  register: RegisterFor<NameField>;
  errors: ErrorsFor<NameField>;
  /** Marked required (where the form's schema requires both names). */
  required?: boolean;
}

/** First and last name side by side. */
export function NameFields({ register, errors, required }: NameFieldsProps) {
  return (
    <div className="field-row">
      <TextField
        label="First Name"
        autoComplete="given-name"
        aria-required={required || undefined}
        error={errors.first_name}
        {...register('first_name')}
      />
      <TextField
        label="Last Name"
        autoComplete="family-name"
        aria-required={required || undefined}
        error={errors.last_name}
        {...register('last_name')}
      />
    </div>
  );
}

interface ContactFieldsProps {
  register: RegisterFor<ContactField>;
  errors: ErrorsFor<ContactField>;
  emailLabel?: string;
  /** The phone input(s) of the form, shown under the email. */
  phone: ReactNode;
  /** Null while they load: the select waits so a saved country is preselected. */
  countries: readonly Country[] | null;
}

/**
 * A person's contact details: name, email, phone, country and city (profile, registration and user forms). Every
 * form using it requires the names and the email; phone, country and city stay optional.
 */
export function ContactFields({ register, errors, emailLabel = 'Email', phone, countries }: ContactFieldsProps) {
  return (
    <>
      <NameFields register={register} errors={errors} required />
      <TextField
        label={emailLabel}
        type="email"
        autoComplete="email"
        aria-required
        error={errors.email}
        {...register('email')}
      />
      {phone}
      <div className="field-row">
        {countries && (
          <ComboboxField
            label="Country"
            placeholder={MESSAGES.chooseOne}
            options={countries.map((country) => ({ value: country.id, label: country.name }))}
            error={errors.country_id}
            {...register('country_id', { setValueAs: emptyToNull })}
          />
        )}
        <TextField label="City" autoComplete="address-level2" error={errors.city} {...register('city')} />
      </div>
    </>
  );
}

/** The dial codes to offer: the default, the saved one and those of the known countries. */
export function dialCodeOptions(countries: readonly Country[], current?: string | null) {
  return [...new Set([DEFAULT_PHONE_COUNTRY_CODE, current, ...countries.map((country) => country.country_code)])]
    .filter((code): code is string => !!code)
    .map((code) => ({ value: code, label: code }));
}

/** Phone as a dial-code picker and number (forms that already hold the countries list). */
export function DialCodePhoneFields({
  register,
  errors,
  codes,
}: {
  register: RegisterFor<DialField>;
  errors: ErrorsFor<DialField>;
  codes: readonly { value: string; label: string }[];
}) {
  return (
    <div className="field-row field-row-phone">
      <ComboboxField
        label="Phone Country"
        options={codes}
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
  );
}

/** The person's own phone with the country-code picker; `currentCode` keeps a saved code outside the list. */
export function ContactPhoneField({
  register,
  errors,
  currentCode,
}: {
  register: RegisterFor<DialField>;
  errors: ErrorsFor<DialField>;
  currentCode?: string | null;
}) {
  return (
    <PhoneField
      label="Phone"
      error={errors.phone}
      currentCode={currentCode}
      codeProps={register('phone_country_code')}
      numberProps={register('phone')}
    />
  );
}
