import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import {
  API,
  DEFAULT_PHONE_COUNTRY_CODE,
  LIMITS,
  MESSAGES,
  ProfileBody,
  type Country,
  type CurrentUser,
} from '@casebridge/contracts';
import { call } from '../../lib/api';
import { errorMessage } from '../../lib/api-error';
import { applyServerErrors } from '../../lib/form-errors';
import { useAsync } from '../../lib/use-async';
import { alerts } from '../../app/alerts-store';
import { useSession } from '../../app/session-store';
import { Modal } from '../../ui/Modal';
import { SelectField, TextField } from '../../ui/fields';
import { withLoader } from '../../ui/modal-store';

type ProfileInput = z.input<typeof ProfileBody>;
type ProfileValues = z.output<typeof ProfileBody>;

const FIELDS = ['first_name', 'last_name', 'email', 'phone', 'phone_country_code', 'country_id', 'city'] as const;
const emptyToNull = (value: unknown) => (value === '' ? null : value);

/** Opened after login when the account asks for a profile check (force_update_profile). */
export function UpdateProfileModal({ user }: { user: CurrentUser }) {
  const formData = useAsync(() => call(API.account.profileFormData), []);
  return (
    <Modal title="Update Your Profile">
      {formData.status === 'loading' ? (
        <p className="muted">Loading…</p>
      ) : (
        // Rendered once the countries are known so the saved country is preselected.
        <ProfileForm user={user} countries={formData.data?.countries ?? []} />
      )}
    </Modal>
  );
}

function ProfileForm({ user, countries }: { user: CurrentUser; countries: Country[] }) {
  const setUser = useSession((state) => state.setUser);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ProfileInput, unknown, ProfileValues>({
    resolver: zodResolver(ProfileBody),
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

  const dialCodes = [
    ...new Set([DEFAULT_PHONE_COUNTRY_CODE, user.phone_country_code, ...countries.map((c) => c.country_code)]),
  ]
    .filter(Boolean)
    .map((code) => ({ value: code, label: code }));

  return (
    <form onSubmit={onSubmit} noValidate>
      <p>Please check your contact details before you continue.</p>
      <div className="field-row">
        <TextField label="First Name" autoComplete="given-name" error={errors.first_name} {...register('first_name')} />
        <TextField label="Last Name" autoComplete="family-name" error={errors.last_name} {...register('last_name')} />
      </div>
      <TextField label="Email" type="email" autoComplete="email" error={errors.email} {...register('email')} />
      <div className="field-row field-row-phone">
        <SelectField label="Phone Country" options={dialCodes} {...register('phone_country_code')} />
        <TextField label="Phone" type="tel" maxLength={LIMITS.phoneMax} error={errors.phone} {...register('phone')} />
      </div>
      <div className="field-row">
        <SelectField
          label="Country"
          placeholder="Choose One"
          options={countries.map((country) => ({ value: country.id, label: country.name }))}
          error={errors.country_id}
          {...register('country_id', { setValueAs: emptyToNull })}
        />
        <TextField label="City" error={errors.city} {...register('city')} />
      </div>
      <div className="form-actions">
        <button type="submit" className="button" disabled={isSubmitting}>
          Save Profile
        </button>
      </div>
    </form>
  );
}
