import type { CurrentUser } from '@casebridge/contracts';
import { formatDateTime } from '../../../lib/format';
import { AgreementField } from '../../../ui/AgreementField';
import { SubmitActions } from '../../../ui/SubmitActions';
import { useAgreementForm } from '../use-agreement-form';

/** The privacy-policy agreement tick (POST users/agreement); shows when it was last accepted. */
export function AgreementForm({ user }: { user: CurrentUser }) {
  const {
    register,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useAgreementForm(!!user.agreement_date);

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
        <AgreementField register={register} errors={errors} />
        <SubmitActions label="Save Agreement" busy={isSubmitting} className="button button-secondary" />
      </form>
    </section>
  );
}
