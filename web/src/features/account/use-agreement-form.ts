import { AgreementBody, API, MESSAGES } from '@casebridge/contracts';
import { call } from '../../lib/api';
import { useServerForm } from '../../lib/use-server-form';
import { alerts } from '../../app/alerts-store';
import { useSession } from '../../app/session-store';
import { withLoader } from '../../ui/modal-store';

/** The privacy-policy tick, saved with POST users/agreement (forced modal and profile page). */
export function useAgreementForm(accepted?: boolean) {
  const setUser = useSession((state) => state.setUser);
  const form = useServerForm(AgreementBody, {
    defaultValues: accepted === undefined ? undefined : { agree_confirm: accepted },
    fields: ['agree_confirm'],
  });
  const onSubmit = form.submitWith(async (values) => {
    const answer = await withLoader(call(API.account.agreement, { body: values }));
    setUser(answer.user);
    alerts.show(MESSAGES.profileUpdated, 'success');
  });
  return { ...form, onSubmit };
}
