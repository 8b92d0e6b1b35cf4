import type { ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { PRIORITIES, type ContactDocumentShape } from '@casebridge/contracts';
import { RichText } from '../../../ui/RichText';
import { SelectField, TextAreaField, TextField } from '../../../ui/fields';
import { ContactPreviewFields, DisabledFormPreview } from './FormPreview';
import { RequirementSections } from '../../cases/submissions/RequirementSections';
import type { FormValues } from '../../cases/submissions/requirements';
import './process-admin.css';

const PRIORITY_OPTIONS = PRIORITIES.map((value) => ({ value, label: value }));

/** The Fields section: the provider's admin note and a disabled preview of the contact form. */
export function FieldsSection({ document, contact }: { document: ContactDocumentShape; contact?: ReactNode }) {
  const note = document.version.admin_note;
  return (
    <section className="card" aria-labelledby="process-fields-title">
      <div className="card-title">
        <h2 id="process-fields-title">Fields</h2>
        {contact}
      </div>
      {note && note.trim() ? (
        <RichText html={note} className="process-admin-note" />
      ) : (
        <p className="muted">To add a note contact us.</p>
      )}
      {document.version.document_type === 'manager' ? <ManagerPreview /> : <TicketPreview document={document} />}
    </section>
  );
}

function TicketPreview({ document }: { document: ContactDocumentShape }) {
  const { register, control } = useForm<FormValues>({ defaultValues: { case_priority: 'low' } });
  const values = useWatch({ control }) as FormValues;
  const requirements = [...document.common_customer_section, ...document.problem_section, ...document.contact_section];
  return (
    <DisabledFormPreview className="process-preview" label="Contact form preview">
      <RequirementSections
        document={document}
        requirements={requirements}
        register={register}
        values={values}
        errorOf={() => undefined}
      />
      <SelectField label="Priority" options={PRIORITY_OPTIONS} {...register('case_priority')} />
    </DisabledFormPreview>
  );
}

function ManagerPreview() {
  return (
    <DisabledFormPreview className="process-preview" label="Manager form preview">
      <ContactPreviewFields legend="Contact Details" />
      <fieldset className="form-section">
        <legend>Request</legend>
        <TextAreaField label="Business Impact" rows={3} />
        <TextAreaField label="Note to Manager" rows={3} />
        <TextField label="Existing Vendor Case Reference" />
      </fieldset>
    </DisabledFormPreview>
  );
}
