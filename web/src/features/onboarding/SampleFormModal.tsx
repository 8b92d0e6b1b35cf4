import { PRIORITIES, type OnboardingDocument } from '@casebridge/contracts';
import { Modal } from '../../ui/Modal';
import { SelectField, TextAreaField, TextField } from '../../ui/fields';
import { ContactPreviewFields, DisabledFormPreview } from '../processes/company-admin/FormPreview';

interface SampleFormModalProps {
  companyName: string;
  process: Partial<Record<keyof OnboardingDocument, string>>;
  onClose: () => void;
}

const PRIORITY_OPTIONS = PRIORITIES.map((value) => ({ value, label: value }));

/**
 * "View Sample Form" of the process step: the standard collaboration form a new member starts with, as partners will
 * see it, filled with what the applicant typed so far; disabled, since nothing is sent from here.
 */
export function SampleFormModal({ companyName, process, onClose }: SampleFormModalProps) {
  const products = (process.product_supported ?? '').trim();
  return (
    <Modal
      title="Sample Collaboration Form"
      onClose={onClose}
      footer={
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      }
    >
      <p className="muted">
        This is how partners will submit cases to {companyName || 'your company'}. Your process administrator can add
        fields after approval.
      </p>
      <dl className="detail-list">
        <dt>Support Hours</dt>
        <dd>{process.support_hours || 'Not given yet'}</dd>
        <dt>Products Supported</dt>
        <dd>{products || 'Not given yet'}</dd>
        <dt>Cases are sent to</dt>
        <dd>{process.support_email || 'Not given yet'}</dd>
      </dl>
      <DisabledFormPreview label="Sample collaboration form">
        <fieldset className="form-section">
          <legend>Common Customer Contact</legend>
          <TextField label="Customer Company" />
          <div className="field-row">
            <TextField label="Customer Contact Name" />
            <TextField label="Customer Email" type="email" />
          </div>
        </fieldset>
        <ContactPreviewFields legend="Engineer Contact" />
        <fieldset className="form-section">
          <legend>Problem</legend>
          <TextField label="Internal Case Number" />
          <TextField label="Problem Summary" />
          <TextAreaField label="Problem Description" rows={4} />
          <TextField label="Product" placeholder={products || undefined} />
          <SelectField label="Priority" options={PRIORITY_OPTIONS} defaultValue="low" />
        </fieldset>
      </DisabledFormPreview>
    </Modal>
  );
}
