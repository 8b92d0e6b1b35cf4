import type { z } from 'zod';
import { DEFAULT_PHONE_COUNTRY_CODE, LIMITS, ManagerResponseBody } from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';
import { useApiMutation } from '../../../lib/mutations';
import { useServerForm } from '../../../lib/use-server-form';
import { CheckboxField, TextAreaField, TextField } from '../../../ui/fields';
import { isValidPhone, PhoneField, phoneDigits } from '../../../ui/PhoneField';
import { RequiredLegend } from '../../../ui/RequiredNotes';

type ResponseInput = z.input<typeof ManagerResponseBody>;

const FIELDS = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'phone_country_code',
  'internal_reference',
  'escalation_type',
  'notes',
] as const;

const EMPTY: ResponseInput = {
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  phone_country_code: DEFAULT_PHONE_COUNTRY_CODE,
  internal_reference: '',
  escalation_type: '',
  update_profile: true,
  notes: '',
};

/** A receiving manager's answer to an escalation, through the token link (no login). */
export function ManagerResponseForm({ token }: { token: string }) {
  const {
    register,
    submitWith,
    watch,
    reset,
    formState: { errors, isSubmitting },
  } = useServerForm(ManagerResponseBody, { defaultValues: EMPTY, fields: FIELDS });

  const respond = useApiMutation(API.manager.respond, {
    loader: true,
    handlesErrors: true,
    success: (answer) => answer.message,
    // The request is now answered and lists this response: the page reads it again and drops the form.
    invalidates: [API.manager.get, API.manager.responses],
    onSuccess: () => reset(EMPTY),
  });
  const onSubmit = submitWith((values) => {
    // An invalid number is not sent; only_numbers is its digits for the api's lookups.
    const phone = isValidPhone(values.phone) ? values.phone : null;
    const body = { ...values, phone, only_numbers: phone ? phoneDigits(phone) : null };
    return respond.mutateAsync({ params: { token }, body });
  });

  return (
    <form className="card" onSubmit={onSubmit} noValidate aria-labelledby="manager-form-title">
      <h2 id="manager-form-title">Your Response</h2>
      <RequiredLegend />
      <div className="field-row">
        <TextField
          label="First Name"
          autoComplete="given-name"
          aria-required
          error={errors.first_name}
          {...register('first_name')}
        />
        <TextField
          label="Last Name"
          autoComplete="family-name"
          aria-required
          error={errors.last_name}
          {...register('last_name')}
        />
      </div>
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        aria-required
        error={errors.email}
        {...register('email')}
      />
      <PhoneField
        label="Phone"
        codeProps={register('phone_country_code')}
        numberProps={register('phone')}
        currentCode={watch('phone_country_code')}
        error={errors.phone ?? errors.phone_country_code}
      />
      <div className="field-row">
        <TextField label="Internal Reference" error={errors.internal_reference} {...register('internal_reference')} />
        <TextField
          label="Escalation Type"
          maxLength={50}
          error={errors.escalation_type}
          {...register('escalation_type')}
        />
      </div>
      <TextAreaField label="Notes" rows={5} maxLength={LIMITS.textMax} error={errors.notes} {...register('notes')} />
      <CheckboxField label="Update my profile with these details" {...register('update_profile')} />
      <div className="form-actions">
        <button type="submit" className="button" disabled={isSubmitting}>
          Send Response
        </button>
      </div>
    </form>
  );
}
