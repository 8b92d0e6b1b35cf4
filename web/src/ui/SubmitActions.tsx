import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

interface SubmitActionsProps {
  label: string;
  busy: boolean;
  className?: string;
  /** A page form's Cancel: a link back to this address, after the submit button. */
  cancelTo?: string;
  /** Buttons after the submit one (e.g. a modal's Cancel). */
  children?: ReactNode;
}

/** The form's action row: the submit button, disabled while the form is submitting. */
export function SubmitActions({ label, busy, className = 'button', cancelTo, children }: SubmitActionsProps) {
  return (
    <div className="form-actions">
      <button type="submit" className={className} disabled={busy}>
        {label}
      </button>
      {cancelTo !== undefined && (
        <Link className="button button-secondary" to={cancelTo}>
          Cancel
        </Link>
      )}
      {children}
    </div>
  );
}

/** The secondary Cancel button of a modal form. */
export function CancelButton({ onClick }: { onClick: () => void }) {
  return (
    <button type="button" className="button button-secondary" onClick={onClick}>
      Cancel
    </button>
  );
}
