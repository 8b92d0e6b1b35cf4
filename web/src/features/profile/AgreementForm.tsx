import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { AgreementBody, API, MESSAGES, type CurrentUser } from '@casebridge/contracts';
import { call } from '../../lib/api';
import { errorMessage } from '../../lib/api-error';
import { applyServerErrors } from '../../lib/form-errors';
import { formatDateTime } from '../../lib/format';
import { alerts } from '../../app/alerts-store';
import { useSession } from '../../app/session-store';
import { CheckboxField } from '../../ui/fields';
import { withLoader } from '../../ui/modal-store';

type AgreementInput = z.input<typeof AgreementBody>;
type AgreementValues = z.output<typeof AgreementBody>;

/** The privacy-policy agreement tick (POST users/agreement); shows when it was last accepted. */
export function AgreementForm({ user }: { user: CurrentUser }) {
  const setUser = useSession((state) => state.setUser);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AgreementInput, unknown, AgreementValues>({
    resolver: zodResolver(AgreementBody),
    defaultValues: { agree_confirm: !!user.agreement_date },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await withLoader(call(API.account.agreement, { body: values }));
      setUser(answer.user);
      alerts.show(MESSAGES.profileUpdated, 'success');
    } catch (error) {
      if (!applyServerErrors(error, setError, ['agree_confirm'])) alerts.show(errorMessage(error), 'warning');
    }
  });

  return (
    <section className="card" aria-labelledby="agreement-title">
      <h2 id="agreement-title">Privacy Policy</h2>
      <form onSubmit={onSubmit} noValidate>
        <p>
          Casebridge keeps your contact details to route collaboration requests between member companies.{' '}
          {user.agreement_date ? (
            <span className="muted">You accepted it on {formatDateTime(user.agreement_date)}.</span>
          ) : (
            <span className="muted">You have not accepted it yet.</span>
          )}
        </p>
        <CheckboxField
          label="I agree to the terms of the privacy policy."
          error={errors.agree_confirm}
          {...register('agree_confirm')}
        />
        <div className="form-actions">
          <button type="submit" className="button button-secondary" disabled={isSubmitting}>
            Save Agreement
          </button>
        </div>
      </form>
    </section>
  );
}
