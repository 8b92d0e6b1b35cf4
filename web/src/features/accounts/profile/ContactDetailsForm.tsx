import { useWatch } from 'react-hook-form';
import { roleLabel, type CurrentUser } from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';
import { useApiQuery } from '../../../lib/queries';
import { ContactFields, ContactPhoneField } from '../../../ui/ContactFields';
import { SubmitActions } from '../../../ui/SubmitActions';
import { TextField } from '../../../ui/fields';
import { RequiredLegend } from '../../../ui/RequiredNotes';
import { CurrentPasswordField } from '../CurrentPasswordField';
import { useProfileForm } from '../use-profile-form';

/** Contact details; role and focus group are shown read-only (POST users/profile). */
export function ContactDetailsForm({ user }: { user: CurrentUser }) {
  const formData = useApiQuery(API.account.profileFormData);
  const {
    register,
    control,
    onSubmit,
    asksCurrentPassword,
    formState: { errors, isSubmitting },
  } = useProfileForm(user);
  const code = useWatch({ control, name: 'phone_country_code' });
  const countries = formData.isPending ? null : (formData.data?.countries ?? []);

  return (
    <section className="card" aria-labelledby="contact-details-title">
      <h2 id="contact-details-title">Contact Details</h2>
      <form onSubmit={onSubmit} noValidate>
        <RequiredLegend />
        <ContactFields
          register={register}
          errors={errors}
          phone={<ContactPhoneField register={register} errors={errors} currentCode={code} />}
          countries={countries}
        />
        {asksCurrentPassword && (
          <CurrentPasswordField
            registration={register('current_password')}
            error={errors.current_password}
            hint="Needed to change your e-mail address. The new address gets a link; it takes effect when opened."
          />
        )}
        <div className="field-row">
          <TextField label="Role" value={roleLabel(user.role)} readOnly />
          <TextField label="Focus Group" value={user.focus_group ?? ''} placeholder="None" readOnly />
        </div>
        <SubmitActions label="Save Profile" busy={isSubmitting} />
      </form>
    </section>
  );
}
