import { type Country, type CurrentUser } from '@casebridge/contracts';
import { API } from '../../lib/api-routes';
import { useApiQuery } from '../../lib/queries';
import { ContactFields, DialCodePhoneFields, dialCodeOptions } from '../../ui/ContactFields';
import { Modal } from '../../ui/Modal';
import { SubmitActions } from '../../ui/SubmitActions';
import { RequiredLegend } from '../../ui/RequiredNotes';
import { CurrentPasswordField } from './CurrentPasswordField';
import { useProfileForm } from './use-profile-form';

/** Opened after login when the account asks for a profile check (force_update_profile). */
export function UpdateProfileModal({ user }: { user: CurrentUser }) {
  const formData = useApiQuery(API.account.profileFormData);
  return (
    <Modal title="Update Your Profile">
      {formData.isPending ? (
        <p className="muted">Loading…</p>
      ) : (
        // Rendered once the countries are known so the saved country is preselected.
        <ProfileForm user={user} countries={formData.data?.countries ?? []} />
      )}
    </Modal>
  );
}

function ProfileForm({ user, countries }: { user: CurrentUser; countries: Country[] }) {
  const {
    register,
    onSubmit,
    asksCurrentPassword,
    formState: { errors, isSubmitting },
  } = useProfileForm(user);
  const codes = dialCodeOptions(countries, user.phone_country_code);

  return (
    <form onSubmit={onSubmit} noValidate>
      <p>Please check your contact details before you continue.</p>
      <RequiredLegend />
      <ContactFields
        register={register}
        errors={errors}
        phone={<DialCodePhoneFields register={register} errors={errors} codes={codes} />}
        countries={countries}
      />
      {asksCurrentPassword && (
        <CurrentPasswordField
          registration={register('current_password')}
          error={errors.current_password}
          hint="Needed to change your e-mail address."
        />
      )}
      <SubmitActions label="Save Profile" busy={isSubmitting} />
    </form>
  );
}
