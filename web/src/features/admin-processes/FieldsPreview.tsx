import { useForm, useWatch } from 'react-hook-form';
import { PRIORITIES, type ContactDocumentShape } from '@casebridge/contracts';
import { RichText } from '../../ui/RichText';
import { SelectField, TextAreaField, TextField } from '../../ui/fields';
import { RequirementSections } from '../submit-case/RequirementSections';
import type { FormValues } from '../submit-case/requirements';

const PRIORITY_OPTIONS = PRIORITIES.map((value) => ({ value, label: value }));

/** The Fields section: the provider's admin note and a disabled preview of the contact form (spec 2 "Fields section"). */
export function FieldsSection({ document }: { document: ContactDocumentShape }) {
  const note = document.version.admin_note;
  return (
    <section className="card" aria-labelledby="process-fields-title">
      <h2 id="process-fields-title">Fields</h2>
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
    <form className="process-preview" aria-label="Contact form preview" onSubmit={(event) => event.preventDefault()}>
      <fieldset disabled className="process-preview-fields">
        <legend className="visually-hidden">Contact form preview (disabled)</legend>
        <RequirementSections
          document={document}
          requirements={requirements}
          register={register}
          values={values}
          errorOf={() => undefined}
        />
        <SelectField label="Priority" options={PRIORITY_OPTIONS} {...register('case_priority')} />
        <div className="form-actions">
          <button type="submit" className="button">
            Submit
          </button>
        </div>
      </fieldset>
    </form>
  );
}

function ManagerPreview() {
  return (
    <form className="process-preview" aria-label="Manager form preview" onSubmit={(event) => event.preventDefault()}>
      <fieldset disabled className="process-preview-fields">
        <legend className="visually-hidden">Manager form preview (disabled)</legend>
        <fieldset className="form-section">
          <legend>Contact Details</legend>
          <div className="field-row">
            <TextField label="First Name" />
            <TextField label="Last Name" />
          </div>
          <TextField label="Email" type="email" />
          <TextField label="Phone" type="tel" />
        </fieldset>
        <fieldset className="form-section">
          <legend>Request</legend>
          <TextAreaField label="Business Impact" rows={3} />
          <TextAreaField label="Note to Manager" rows={3} />
          <TextField label="Existing Vendor Case Reference" />
        </fieldset>
        <div className="form-actions">
          <button type="submit" className="button">
            Submit
          </button>
        </div>
      </fieldset>
    </form>
  );
}
