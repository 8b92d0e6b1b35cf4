import { AgreementBody, MESSAGES } from '@casebridge/contracts';
import { API } from '../../lib/api-routes';
import { useApiMutation } from '../../lib/mutations';
import { useServerForm } from '../../lib/use-server-form';
import { useSession } from '../../app/session-store';

/** The privacy-policy tick, saved with POST users/agreement (forced modal and profile page). */
export function useAgreementForm(accepted?: boolean) {
  const setUser = useSession((state) => state.setUser);
  const form = useServerForm(AgreementBody, {
    defaultValues: accepted === undefined ? undefined : { agree_confirm: accepted },
    fields: ['agree_confirm'],
  });
  const save = useApiMutation(API.account.agreement, {
    loader: true,
    handlesErrors: true,
    success: MESSAGES.profileUpdated,
    onSuccess: (answer) => setUser(answer.user),
  });
  const onSubmit = form.submitWith((values) => save.mutateAsync({ body: values }));
  return { ...form, onSubmit };
}
