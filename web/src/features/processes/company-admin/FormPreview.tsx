import type { ReactNode } from 'react';
import { TextField } from '../../../ui/fields';
import './process-admin.css';

interface DisabledFormPreviewProps {
  /** The form's accessible name; the hidden legend adds "(disabled)". */
  label: string;
  className?: string;
  children: ReactNode;
}

/** A form shown as partners will see it, every field disabled and nothing sent (process preview, sample form). */
export function DisabledFormPreview({ label, className, children }: DisabledFormPreviewProps) {
  return (
    <form className={className} aria-label={label} onSubmit={(event) => event.preventDefault()}>
      <fieldset disabled className="process-preview-fields">
        <legend className="visually-hidden">{label} (disabled)</legend>
        {children}
        <div className="form-actions">
          <button type="submit" className="button">
            Submit
          </button>
        </div>
      </fieldset>
    </form>
  );
}

/** The contact part of a preview: first and last name, e-mail and phone. */
export function ContactPreviewFields({ legend }: { legend: string }) {
  return (
    <fieldset className="form-section">
      <legend>{legend}</legend>
      <div className="field-row">
        <TextField label="First Name" />
        <TextField label="Last Name" />
      </div>
      <TextField label="Email" type="email" />
      <TextField label="Phone" type="tel" />
    </fieldset>
  );
}
