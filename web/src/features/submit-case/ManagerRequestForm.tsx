import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import {
  DEFAULT_PHONE_COUNTRY_CODE,
  documentsApi,
  ManagerRequestBody,
  type ContactDocumentShape,
  type ManagerRequestCreated,
} from '@casebridge/contracts';
import type { z } from 'zod';
import { call } from '../../lib/api';
import { useIdempotencyKey } from '../../lib/idempotency';
import { formatDateTime } from '../../lib/format';
import { useServerForm } from '../../lib/use-server-form';
import { alerts } from '../../app/alerts-store';
import { useSession } from '../../app/session-store';
import { ContactPhoneField, NameFields } from '../../ui/ContactFields';
import { phoneDigits, phoneWithCode } from '../../ui/PhoneField';
import { SubmitActions } from '../../ui/SubmitActions';
import { TextAreaField, TextField } from '../../ui/fields';
import { withLoader } from '../../ui/modal-store';

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
  /** Sends the request: the member call by default; the admin's View/Test Form checks a sample instead. */
  send?: (body: ManagerRequestInput) => Promise<z.infer<typeof ManagerRequestCreated>>;
}

/** A manager document: an escalation request to the partner's managers (POST manager/request/create). */
export function ManagerRequestForm({ document, send }: ManagerRequestFormProps) {
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

  const onSubmit = submitWith(async (values) => {
    const phone = phoneWithCode(values.phone_country_code, values.phone);
    const body: ManagerRequestInput = {
      ...values,
      phone,
      only_numbers: phone ? phoneDigits(values.phone) : null,
      company: company?.name ?? null,
      receive_company_id: document.company_id,
      contact_document_id: document.id,
      sample_submission: send ? true : null,
    };
    const answer = await withLoader(
      send ? send(body) : call(documentsApi.managerRequest, { body, idempotencyKey: idempotency.key }),
    );
    idempotency.renew();
    alerts.show(answer.message, 'success');
    setSentAt(answer.request.created_at);
    window.scrollTo({ top: 0 });
  });

  if (sentAt) {
    return (
      <section className="card" aria-labelledby="manager-sent-title">
        <h2 id="manager-sent-title">Request Sent</h2>
        {send ? (
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
      <fieldset className="form-section">
        <legend>Your Contact Details</legend>
        <NameFields register={register} errors={errors} />
        <div className="field-row">
          <TextField label="Email" type="email" autoComplete="email" error={errors.email} {...register('email')} />
          <ContactPhoneField register={register} errors={errors} currentCode={code} />
        </div>
      </fieldset>
      <fieldset className="form-section">
        <legend>Escalation</legend>
        <div className="field-row">
          <TextField label="Internal Reference" error={errors.internal_reference} {...register('internal_reference')} />
          <TextField
            label="Existing Vendor Case Reference"
            error={errors.vendor_reference}
            {...register('vendor_reference')}
          />
        </div>
        <TextAreaField
          label="Business Impact"
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
