import { Controller } from 'react-hook-form';
import { AdminProcessUpdateBody, DOCUMENT_TYPE_ADMIN_LABELS, type AdminProcessDetail } from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';
import { useApiMutation } from '../../../lib/mutations';
import { useServerForm } from '../../../lib/use-server-form';
import { RichTextEditor } from '../../../ui/RichTextEditor';
import { SubmitActions } from '../../../ui/SubmitActions';
import { TextField } from '../../../ui/fields';
import { ContactButton } from './ContactButton';
import { EscalationContactFields } from './EscalationContactFields';
import { ProcessMailFields } from './ProcessMailFields';
import { escalationUserOptions } from './escalation-user-options';
import './process-admin.css';

const FIELDS = [
  'title',
  'support_hours',
  'product_supported',
  'collaborate_email',
  'collaborate_cc_email',
  'escalation_instructions',
  'escalation_user_id',
  'alt_escalation_user_id',
  'escalation_alias',
] as const;

// Errors of the process update may come as document.{field}: the prefix is removed.
const FIELD_MAP = Object.fromEntries(FIELDS.map((field) => [`document.${field}`, field]));

/**
 * The editable part of Process Details: name, hours and products for every type; for detailed types the e-mails
 * and the Escalation Details (rich-text instructions, sanitized by the api on save). One Update saves both.
 */
export function ProcessSettingsForm({ detail }: { detail: AdminProcessDetail }) {
  const { document, users } = detail;
  const settings = document.settings;
  const userOptions = escalationUserOptions(users);
  const {
    register,
    control,
    submitWith,
    formState: { errors, isSubmitting },
  } = useServerForm(AdminProcessUpdateBody, {
    fields: FIELDS,
    fieldMap: FIELD_MAP,
    defaultValues: {
      title: settings.title,
      support_hours: settings.support_hours ?? '',
      product_supported: settings.product_supported ?? '',
      collaborate_email: settings.collaborate_email ?? '',
      collaborate_cc_email: settings.collaborate_cc_email ?? '',
      escalation_instructions: settings.escalation_instructions ?? '',
      escalation_user_id: settings.escalation_user_id,
      alt_escalation_user_id: settings.alt_escalation_user_id,
      escalation_alias: settings.escalation_alias ?? '',
    },
  });

  const save = useApiMutation(API.adminProcesses.update, {
    loader: true,
    handlesErrors: true,
    success: (answer) => answer.message,
    // The name, hours, e-mails and escalation contact show in the list, the limited page, the test page and the
    // company's partner groups.
    invalidates: [
      API.adminProcesses.detail,
      API.adminProcesses.list,
      API.adminProcesses.limited,
      API.adminProcesses.sample,
      API.adminGroups.list,
      API.adminGroups.detail,
    ],
  });
  const onSubmit = submitWith((values) => save.mutateAsync({ params: { documentId: document.id }, body: values }));

  return (
    <form onSubmit={onSubmit} noValidate>
      <section className="card" aria-labelledby="process-settings-title">
        <div className="card-title">
          <h2 id="process-settings-title">{document.name}</h2>
          <ContactButton section="details" process={document} />
        </div>
        <TextField label="Process Name" error={errors.title} {...register('title')} />
        <div className="field">
          <span className="field-label">Type</span>
          <p className="process-type">{DOCUMENT_TYPE_ADMIN_LABELS[settings.document_type]}</p>
        </div>
        <TextField label="Support Hours" error={errors.support_hours} {...register('support_hours')} />
        <TextField label="Products Supported" error={errors.product_supported} {...register('product_supported')} />
        {settings.detailed && <ProcessMailFields register={register} errors={errors} toLabel="To Email" />}
      </section>
      {settings.detailed && (
        <section className="card" aria-labelledby="process-escalation-title">
          <div className="card-title">
            <h2 id="process-escalation-title">Escalation Details</h2>
            <ContactButton section="escalation" process={document} />
          </div>
          <Controller
            control={control}
            name="escalation_instructions"
            render={({ field }) => (
              <RichTextEditor
                label="Escalation Instructions"
                value={field.value}
                onChange={field.onChange}
                error={errors.escalation_instructions}
              />
            )}
          />
          <EscalationContactFields
            register={register}
            errors={errors}
            options={userOptions}
            main={{ name: 'escalation_user_id', label: 'Escalation User' }}
            alternate={{ name: 'alt_escalation_user_id', label: 'Alternate Escalation User' }}
          />
          <TextField
            label="Escalation Alias (optional)"
            type="email"
            error={errors.escalation_alias}
            {...register('escalation_alias')}
          />
        </section>
      )}
      <SubmitActions label="Update" busy={isSubmitting} />
    </form>
  );
}
