import type { ReactNode } from 'react';

interface SubmitActionsProps {
  label: string;
  busy: boolean;
  className?: string;
  /** Buttons after the submit one (e.g. Cancel). */
  children?: ReactNode;
}

/** The form's action row: the submit button, disabled while the form is submitting. */
export function SubmitActions({ label, busy, className = 'button', children }: SubmitActionsProps) {
  return (
    <div className="form-actions">
      <button type="submit" className={className} disabled={busy}>
        {label}
      </button>
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
