import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import {
  API,
  DEFAULT_PHONE_COUNTRY_CODE,
  MESSAGES,
  ProfileBody,
  roleLabel,
  type CurrentUser,
} from '@casebridge/contracts';
import { call } from '../../lib/api';
import { errorMessage } from '../../lib/api-error';
import { applyServerErrors } from '../../lib/form-errors';
import { useAsync } from '../../lib/use-async';
import { alerts } from '../../app/alerts-store';
import { useSession } from '../../app/session-store';
import { PhoneField } from '../../ui/PhoneField';
import { SelectField, TextField } from '../../ui/fields';
import { withLoader } from '../../ui/modal-store';

// The agreement has its own block on this page.
const ContactSchema = ProfileBody.omit({ agree_confirm: true });
type ContactInput = z.input<typeof ContactSchema>;
type ContactValues = z.output<typeof ContactSchema>;

const FIELDS = ['first_name', 'last_name', 'email', 'phone', 'phone_country_code', 'country_id', 'city'] as const;
// An unchosen select must reach the schema as null, not as "" (which would coerce to 0).
const emptyToNull = (value: unknown) => (value === '' ? null : value);

/** Contact details; role and focus group are shown read-only (POST users/profile). */
export function ContactDetailsForm({ user }: { user: CurrentUser }) {
  const setUser = useSession((state) => state.setUser);
  const formData = useAsync(() => call(API.account.profileFormData), []);
  const countries = formData.status === 'ready' ? formData.data.countries : [];
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<ContactInput, unknown, ContactValues>({
    resolver: zodResolver(ContactSchema),
    defaultValues: {
      first_name: user.first_name,
      last_name: user.last_name,
      email: user.email,
      phone: user.phone ?? '',
      phone_country_code: user.phone_country_code || DEFAULT_PHONE_COUNTRY_CODE,
      country_id: user.country_id ?? null,
      city: user.city ?? '',
    },
  });
  const code = useWatch({ control, name: 'phone_country_code' });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await withLoader(call(API.account.profile, { body: values }));
      setUser(answer.user);
      alerts.show(MESSAGES.profileUpdated, 'success');
    } catch (error) {
      if (!applyServerErrors(error, setError, FIELDS, { country: 'country_id' }))
        alerts.show(errorMessage(error), 'warning');
    }
  });

  return (
    <section className="card" aria-labelledby="contact-details-title">
      <h2 id="contact-details-title">Contact Details</h2>
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
        <TextField label="Email" type="email" autoComplete="email" error={errors.email} {...register('email')} />
        <PhoneField
          label="Phone"
          error={errors.phone}
          currentCode={code}
          codeProps={register('phone_country_code')}
          numberProps={register('phone')}
        />
        <div className="field-row">
          {/* Rendered once the countries are known so the saved country is preselected. */}
          {formData.status !== 'loading' && (
            <SelectField
              label="Country"
              placeholder={MESSAGES.chooseOne}
              options={countries.map((country) => ({ value: country.id, label: country.name }))}
              error={errors.country_id}
              {...register('country_id', { setValueAs: emptyToNull })}
            />
          )}
          <TextField label="City" autoComplete="address-level2" error={errors.city} {...register('city')} />
        </div>
        <div className="field-row">
          <TextField label="Role" value={roleLabel(user.role)} readOnly />
          <TextField label="Focus Group" value={user.focus_group ?? ''} placeholder="None" readOnly />
        </div>
        <div className="form-actions">
          <button type="submit" className="button" disabled={isSubmitting}>
            Save Profile
          </button>
        </div>
      </form>
    </section>
  );
}
