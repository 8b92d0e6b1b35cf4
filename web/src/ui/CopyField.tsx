import { useId, useState, type ReactNode } from 'react';

interface CopyFieldProps {
  label: ReactNode;
  value: string;
  /** Shown under the field until the user copies. */
  hint: ReactNode;
}

/** A read-only value someone must hand on (an address, a link), with a copy button. */
export function CopyField({ label, value, hint }: CopyFieldProps) {
  const id = useId();
  const [copied, setCopied] = useState<boolean | null>(null);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      // No clipboard (insecure origin or denied): the value stays selectable in the field.
      setCopied(false);
    }
  };

  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="row-actions">
        <input
          id={id}
          type="text"
          value={value}
          readOnly
          aria-describedby={`${id}-hint`}
          onFocus={(event) => event.target.select()}
        />
        <button type="button" className="button button-secondary button-small" onClick={() => void copy()}>
          Copy
        </button>
      </div>
      <div className="field-hint" id={`${id}-hint`} aria-live="polite">
        {copied === true
          ? 'Copied to the clipboard.'
          : copied === false
            ? 'Copying is not available here; select it and copy it.'
            : hint}
      </div>
    </div>
  );
}
