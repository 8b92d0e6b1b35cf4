import type { ReactNode } from 'react';
import { type DocumentFormData, type ManagedDocumentType, type SuperAdminDocument } from '@casebridge/contracts';
import { useServerForm } from '../../../lib/use-server-form';
import { RichTextControl } from '../../../ui/RichTextEditor';
import { SubmitActions } from '../../../ui/SubmitActions';
import { SelectField, TextAreaField, TextField } from '../../../ui/fields';
import { DocumentCommonFields } from './DocumentCommonFields';
import { MANAGED_FIELDS, ManagedFormSchema, managedDefaults } from './document-form-schema';
import { useSaveDocument } from './use-save-document';
import { escalationUserOptions } from '../company-admin/escalation-user-options';
import { EscalationContactFields } from '../company-admin/EscalationContactFields';
import { ProcessMailFields } from '../company-admin/ProcessMailFields';

interface ManagedDocumentFormProps {
  companyId: number;
  document: SuperAdminDocument | null;
  type: ManagedDocumentType;
  choices: DocumentFormData;
  children?: ReactNode;
}

/**
 * The managed editor (ticket, solution_support, json, manager). A limited company has no alternate
 * escalation contact and no alias, so those fields are not shown (the server keeps what is stored).
 */
export function ManagedDocumentForm({ companyId, document, type, choices, children }: ManagedDocumentFormProps) {
  const limited = choices.company.membership_type === 'limited';
  const save = useSaveDocument(companyId, document?.id ?? 0);
  const {
    register,
    control,
    submitWith,
    formState: { errors, isSubmitting },
  } = useServerForm(ManagedFormSchema, {
    defaultValues: managedDefaults(document, type, choices),
    fields: MANAGED_FIELDS,
    errorAlert: 'danger',
  });
  const users = escalationUserOptions(choices.users);
  const option = (row: { id: number; name: string }) => ({ value: String(row.id), label: row.name });

  return (
    <form onSubmit={submitWith(save)} noValidate>
      <section className="card" aria-labelledby="document-details-title">
        <h2 id="document-details-title">Process</h2>
        <DocumentCommonFields register={register} errors={errors} />
        {type === 'json' && <TextField label="JSON Type" error={errors.json_type} {...register('json_type')} />}
        <div className="field-row">
          <ProcessMailFields register={register} errors={errors} toLabel="Collaborate Email" />
        </div>
      </section>
      <section className="card" aria-labelledby="document-escalation-title">
        <h2 id="document-escalation-title">Escalation</h2>
        <EscalationContactFields
          register={register}
          errors={errors}
          options={users}
          main={{ name: 'main_escalation_contact', label: 'Main Escalation Contact' }}
          alternate={limited ? null : { name: 'alt_escalation_contact', label: 'Alternate Escalation Contact' }}
        />
        <RichTextControl control={control} name="escalation_instructions" label="Escalation Instructions" />
        {!limited && (
          <TextField
            label="Escalation Alias (optional)"
            type="email"
            error={errors.escalation_alias}
            {...register('escalation_alias')}
          />
        )}
      </section>
      <section className="card" aria-labelledby="document-access-title">
        <h2 id="document-access-title">Departments, Groups and E-mail</h2>
        <div className="field-row">
          <SelectField
            label="Departments"
            multiple
            size={Math.min(6, Math.max(2, choices.departments.length))}
            options={choices.departments.map(option)}
            error={errors.departments}
            {...register('departments')}
          />
          <SelectField
            label="Groups"
            multiple
            size={Math.min(6, Math.max(2, choices.communities.length))}
            options={choices.communities.map(option)}
            error={errors.groups}
            {...register('groups')}
          />
        </div>
        <SelectField
          label="New Receiving Member E-mail Template"
          options={[
            { value: 0, label: 'Default' },
            ...choices.email_templates.map((template) => ({ value: template.id, label: template.name })),
          ]}
          error={errors.email_templates?.new_receiving_member}
          {...register('email_templates.new_receiving_member')}
        />
      </section>
      <section className="card" aria-labelledby="document-notes-title">
        <h2 id="document-notes-title">Notes and Tags</h2>
        <RichTextControl control={control} name="admin_note" label="Admin Note" />
        <TextAreaField label="Tags (one per line)" rows={5} error={errors.tags} {...register('tags')} />
      </section>
      {children}
      <SubmitActions label="Save" busy={isSubmitting} />
    </form>
  );
}
