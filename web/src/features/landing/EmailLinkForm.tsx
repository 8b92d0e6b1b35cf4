import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { API, LIMITS, LoginLinkBody, type LandingResponse } from '@casebridge/contracts';
import { call } from '../../lib/api';
import { errorMessage } from '../../lib/api-error';
import { applyServerErrors } from '../../lib/form-errors';
import { alerts } from '../../app/alerts-store';
import { CheckboxField } from '../../ui/fields';
import { withLoader } from '../../ui/modal-store';

// The user types only the part before "@"; the company domain completes the address (spec 1 §2).
const EmailLinkFormSchema = LoginLinkBody.pick({ agree_confirm: true }).extend({
  local_part: z
    .string()
    .trim()
    .min(1, 'The email field is required.')
    .max(LIMITS.emailMax, `The email may not be greater than ${LIMITS.emailMax} characters.`),
});
type EmailLinkInput = z.input<typeof EmailLinkFormSchema>;
type EmailLinkValues = z.output<typeof EmailLinkFormSchema>;

export function EmailLinkForm({ company }: { company: LandingResponse['company'] }) {
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<EmailLinkInput, unknown, EmailLinkValues>({ resolver: zodResolver(EmailLinkFormSchema) });

  const onSubmit = handleSubmit(async ({ local_part, agree_confirm }) => {
    const email = company.domain ? `${local_part}@${company.domain}` : local_part;
    try {
      const { message } = await withLoader(
        call(API.landing.link, { body: { email, company_id: company.id, agree_confirm } }),
      );
      alerts.show(message, 'success');
      reset();
    } catch (error) {
      const placed = applyServerErrors(error, setError, ['local_part', 'agree_confirm'], { email: 'local_part' });
      if (!placed) alerts.show(errorMessage(error), 'warning');
    }
  });

  const localError = errors.local_part?.message;
  return (
    <section className="card" aria-labelledby="email-link-title">
      <h2 id="email-link-title">Email Me a Login Link</h2>
      <p>Enter your work e-mail address and we will send you a link that signs you in.</p>
      <form onSubmit={onSubmit} noValidate>
        <div className={localError ? 'field field-invalid' : 'field'}>
          <label htmlFor="email-link-local">Work email</label>
          <div className="input-group">
            <input
              id="email-link-local"
              type={company.domain ? 'text' : 'email'}
              autoComplete="username"
              aria-invalid={localError ? true : undefined}
              aria-describedby={localError ? 'email-link-local-error' : undefined}
              {...register('local_part')}
            />
            {company.domain && <span className="input-addon">@{company.domain}</span>}
          </div>
          {localError && (
            <div className="field-error" id="email-link-local-error" role="alert">
              {localError}
            </div>
          )}
        </div>
        <CheckboxField
          label="I agree to the terms of the privacy policy."
          error={errors.agree_confirm}
          {...register('agree_confirm')}
        />
        <div className="form-actions">
          <button type="submit" className="button" disabled={isSubmitting}>
            Email Me a Login Link
          </button>
        </div>
      </form>
    </section>
  );
}
