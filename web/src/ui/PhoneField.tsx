import { useId, useState, type ChangeEvent } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { DEFAULT_PHONE_COUNTRY_CODE, LIMITS } from '@casebridge/contracts';
import { API } from '../lib/api-routes';
import { useApiQuery } from '../lib/queries';
import { RegisteredCombobox } from './ComboboxField';
import { FieldLabel, FieldNotes } from './fields';

type FieldError = { message?: string };

/** Digits, spaces, dots, dashes, parentheses and one leading +; 7 to 15 digits (E.164 length). */
export function isValidPhone(number: string | null | undefined): boolean {
  const text = (number ?? '').trim();
  if (!text || text.length > LIMITS.phoneMax) return false;
  if (!/^\+?[\d\s().-]+$/.test(text)) return false;
  const digits = text.replace(/\D/g, '').length;
  return digits >= 7 && digits <= 15;
}

/** Only the digits of a number (the payload's only_numbers). */
export function phoneDigits(number: string | null | undefined): string {
  return (number ?? '').replace(/\D/g, '');
}

/** 'countrycode: number' when the number is valid, otherwise null: an invalid phone is not sent. */
export function phoneWithCode(code: string | null | undefined, number: string | null | undefined): string | null {
  if (!isValidPhone(number)) return null;
  return `${code || DEFAULT_PHONE_COUNTRY_CODE}: ${(number ?? '').trim()}`;
}

const regionNames = (() => {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' });
  } catch {
    return null;
  }
})();

function codeLabel(code: string): string {
  let name: string | undefined;
  try {
    name = regionNames?.of(code);
  } catch {
    name = undefined;
  }
  return name && name !== code ? `${code} – ${name}` : code;
}

/** The country codes to offer: the default, the current value and the known countries. */
export function useCountryCodes(current?: string | null): { value: string; label: string }[] {
  // The countries of the profile forms' own read; they do not change while the app is open. Without them (a
  // failed read, or no session) the default and current codes are still offered.
  const formData = useApiQuery(API.account.profileFormData, { staleTime: Infinity });
  const codes = (formData.data?.countries ?? []).map((country) => country.country_code).filter(Boolean);
  const unique = [...new Set([DEFAULT_PHONE_COUNTRY_CODE, ...(current ? [current] : []), ...codes])];
  return unique.map((code) => ({ value: code, label: codeLabel(code) }));
}

interface PhoneFieldProps {
  label: string;
  codeProps: UseFormRegisterReturn;
  numberProps: UseFormRegisterReturn;
  /** The code currently chosen, so a stored code outside the list is still offered. */
  currentCode?: string | null;
  error?: FieldError | string;
  placeholder?: string;
  required?: boolean;
}

/** Phone number with its country code; at most 25 characters; tells the user when the number is not valid. */
export function PhoneField({
  label,
  codeProps,
  numberProps,
  currentCode,
  error,
  placeholder,
  required,
}: PhoneFieldProps) {
  const id = useId();
  const options = useCountryCodes(currentCode);
  const [invalid, setInvalid] = useState(false);
  const message = typeof error === 'string' ? error : error?.message;

  const onNumberChange = (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.target.value;
    setInvalid(value.trim() !== '' && !isValidPhone(value));
    return numberProps.onChange(event);
  };

  const describedBy = [invalid ? `${id}-hint` : null, message ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className={message ? 'field field-invalid' : 'field'}>
      <FieldLabel required={required}>
        <label htmlFor={id}>{label}</label>
      </FieldLabel>
      <div className="phone-field">
        <RegisteredCombobox
          aria-label={`${label} country code`}
          listLabel={`${label} country code`}
          options={options}
          {...codeProps}
        />
        <input
          id={id}
          type="tel"
          autoComplete="tel-national"
          maxLength={LIMITS.phoneMax}
          placeholder={placeholder}
          aria-required={required ? true : undefined}
          aria-invalid={message || invalid ? true : undefined}
          aria-describedby={describedBy || undefined}
          {...numberProps}
          onChange={onNumberChange}
        />
      </div>
      <FieldNotes
        id={id}
        hint={invalid ? 'This does not look like a valid phone number; it will not be sent.' : undefined}
        error={message}
      />
    </div>
  );
}
