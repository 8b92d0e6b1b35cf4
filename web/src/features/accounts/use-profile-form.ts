import { useWatch } from 'react-hook-form';
import { DEFAULT_PHONE_COUNTRY_CODE, MESSAGES, ProfileBody, type CurrentUser } from '@casebridge/contracts';
import { API } from '../../lib/api-routes';
import { useApiMutation } from '../../lib/mutations';
import { useServerForm } from '../../lib/use-server-form';
import { CONTACT_FIELD_NAMES } from '../../ui/ContactFields';
import { useSession } from '../../app/session-store';

// The agreement is ticked in its own form; leaving it out sends the same body.
const ContactSchema = ProfileBody.omit({ agree_confirm: true });

/**
 * The user's contact details, prefilled from the session and saved with POST users/profile. A new e-mail address
 * asks for the current password and waits for the link mailed to it: the form keeps showing the address in use.
 */
export function useProfileForm(user: CurrentUser) {
  const setUser = useSession((state) => state.setUser);
  const form = useServerForm(ContactSchema, {
    defaultValues: {
      first_name: user.first_name,
      last_name: user.last_name,
      email: user.email,
      phone: user.phone ?? '',
      phone_country_code: user.phone_country_code || DEFAULT_PHONE_COUNTRY_CODE,
      country_id: user.country_id ?? null,
      city: user.city ?? '',
      current_password: '',
    },
    fields: [...CONTACT_FIELD_NAMES, 'current_password'],
    fieldMap: { country: 'country_id' },
  });
  const email = useWatch({ control: form.control, name: 'email' });
  const save = useApiMutation(API.account.profile, {
    loader: true,
    handlesErrors: true,
    success: (answer) => (answer.message ? `${MESSAGES.profileUpdated}. ${answer.message}` : MESSAGES.profileUpdated),
    onSuccess: (answer) => {
      setUser(answer.user);
      form.setValue('email', answer.user.email);
      form.setValue('current_password', '');
    },
  });
  const onSubmit = form.submitWith((values) => save.mutateAsync({ body: values }));
  const asksCurrentPassword = user.has_password && (email ?? '').trim().toLowerCase() !== user.email;
  return { ...form, onSubmit, asksCurrentPassword };
}
