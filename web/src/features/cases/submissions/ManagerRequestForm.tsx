import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { DEFAULT_PHONE_COUNTRY_CODE, ManagerRequestBody, type ContactDocumentShape } from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';
import type { z } from 'zod';
import { useIdempotencyKey } from '../../../lib/idempotency';
import { formatDateTime } from '../../../lib/format';
import { useApiMutation, type ApiTarget } from '../../../lib/mutations';
import { useServerForm } from '../../../lib/use-server-form';
import { useSession } from '../../../app/session-store';
import { ContactPhoneField, NameFields } from '../../../ui/ContactFields';
import { phoneDigits, phoneWithCode } from '../../../ui/PhoneField';
import { RequiredLegend } from '../../../ui/RequiredNotes';
import { SubmitActions } from '../../../ui/SubmitActions';
import { TextAreaField, TextField } from '../../../ui/fields';
import './submit-case.css';

// The receiving company and document come from the page, not from inputs.
const ManagerFormSchema = ManagerRequestBody.omit({
  receive_company_id: true,
  contact_document_id: true,
  company: true,
  sample_submission: true,
});

const FIELDS = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'internal_reference',
  'vendor_reference',
  'business_impact',
  'escalation_type',
  'notes',
] as const;

type ManagerRequestInput = z.input<typeof ManagerRequestBody>;

interface ManagerRequestFormProps {
  document: ContactDocumentShape;
  /**
   * Where the request goes: the member call by default; the admin's View/Test Form sends a sample instead (same
   * body and answer, nothing sent).
   */
  sendTo?: ApiTarget<typeof API.documents.managerRequest>;
}

/** A manager document: an escalation request to the partner's managers (POST manager/request/create). */
export function ManagerRequestForm({ document, sendTo }: ManagerRequestFormProps) {
  const user = useSession((state) => state.user);
  const company = useSession((state) => state.company);
  const [sentAt, setSentAt] = useState<string | null>(null);
  const {
    register,
    submitWith,
    control,
    formState: { errors, isSubmitting },
  } = useServerForm(ManagerFormSchema, {
    fields: FIELDS,
    defaultValues: {
      first_name: user?.first_name ?? '',
      last_name: user?.last_name ?? '',
      email: user?.email ?? '',
      phone: user?.phone ?? '',
      phone_country_code: user?.phone_country_code || DEFAULT_PHONE_COUNTRY_CODE,
    },
  });
  const code = useWatch({ control, name: 'phone_country_code' });
  const idempotency = useIdempotencyKey();

  const submit = useApiMutation(sendTo?.endpoint ?? API.documents.managerRequest, {
    loader: true,
    handlesErrors: true,
    success: (answer) => answer.message,
    onSuccess: (answer) => {
      idempotency.renew();
      setSentAt(answer.request.created_at);
      window.scrollTo({ top: 0 });
    },
  });
  const onSubmit = submitWith((values) => {
    const phone = phoneWithCode(values.phone_country_code, values.phone);
    const body: ManagerRequestInput = {
      ...values,
      phone,
      only_numbers: phone ? phoneDigits(values.phone) : null,
      company: company?.name ?? null,
      receive_company_id: document.company_id,
      contact_document_id: document.id,
      sample_submission: sendTo ? true : null,
    };
    return submit.mutateAsync(sendTo ? { params: sendTo.params, body } : { body, idempotencyKey: idempotency.key });
  });

  if (sentAt) {
    return (
      <section className="card" aria-labelledby="manager-sent-title">
        <h2 id="manager-sent-title">Request Sent</h2>
        {sendTo ? (
          <p>Your sample escalation request was checked on {formatDateTime(sentAt)}. Nothing was sent.</p>
        ) : (
          <p>
            Your escalation request to the managers of {document.company.name} was sent on {formatDateTime(sentAt)}.
            They answer by e-mail.
          </p>
        )}
      </section>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="card case-form">
      <h2>Manager Escalation Request</h2>
      <RequiredLegend />
      <fieldset className="form-section">
        <legend>Your Contact Details</legend>
        <NameFields register={register} errors={errors} required />
        <div className="field-row">
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            aria-required
            error={errors.email}
            {...register('email')}
          />
          <ContactPhoneField register={register} errors={errors} currentCode={code} />
        </div>
      </fieldset>
      <fieldset className="form-section">
        <legend>Escalation</legend>
        <div className="field-row">
          <TextField
            label="Internal Reference"
            aria-required
            error={errors.internal_reference}
            {...register('internal_reference')}
          />
          <TextField
            label="Existing Vendor Case Reference"
            error={errors.vendor_reference}
            {...register('vendor_reference')}
          />
        </div>
        <TextAreaField
          label="Business Impact"
          aria-required
          rows={5}
          error={errors.business_impact}
          {...register('business_impact')}
        />
        <TextField label="Escalation Type" error={errors.escalation_type} {...register('escalation_type')} />
        <TextAreaField label="Note to Manager" rows={4} error={errors.notes} {...register('notes')} />
      </fieldset>
      <SubmitActions label="Submit" busy={isSubmitting} />
    </form>
  );
}
