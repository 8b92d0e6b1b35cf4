import { z } from 'zod';
import { LIMITS, LoginLinkBody, type LandingResponse } from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';
import { useApiMutation } from '../../../lib/mutations';
import { useServerForm } from '../../../lib/use-server-form';
import { AgreementField } from '../../../ui/AgreementField';
import { SubmitActions } from '../../../ui/SubmitActions';

// The user types only the part before "@"; the company domain completes the address.
const EmailLinkFormSchema = LoginLinkBody.pick({ agree_confirm: true }).extend({
  local_part: z
    .string()
    .trim()
    .min(1, 'The email field is required.')
    .max(LIMITS.emailMax, `The email may not be greater than ${LIMITS.emailMax} characters.`),
});

export function EmailLinkForm({ company }: { company: LandingResponse['company'] }) {
  const {
    register,
    reset,
    submitWith,
    formState: { errors, isSubmitting },
  } = useServerForm(EmailLinkFormSchema, {
    fields: ['local_part', 'agree_confirm'],
    fieldMap: { email: 'local_part' },
  });

  const sendLink = useApiMutation(API.landing.link, {
    loader: true,
    handlesErrors: true,
    success: ({ message }) => message,
    onSuccess: () => reset(),
  });
  const onSubmit = submitWith(({ local_part, agree_confirm }) => {
    const email = company.domain ? `${local_part}@${company.domain}` : local_part;
    return sendLink.mutateAsync({ body: { email, company_id: company.id, agree_confirm } });
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
        <AgreementField register={register} errors={errors} />
        <SubmitActions label="Email Me a Login Link" busy={isSubmitting} />
      </form>
    </section>
  );
}
