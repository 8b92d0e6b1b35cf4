import { useId } from 'react';
import { FieldNotes } from '../../../ui/fields';

interface IdentityFileFieldProps {
  /** Name of the metadata file stored before, if any (a new upload replaces it). */
  storedName: string | null;
  error?: string;
  onChange: (file: File | null) => void;
}

/** The identity provider's metadata XML upload (identity source "file"). */
export function IdentityFileField({ storedName, error, onChange }: IdentityFileFieldProps) {
  const id = useId();
  return (
    <div className={error ? 'field field-invalid' : 'field'}>
      <label htmlFor={id}>XML File</label>
      <input
        id={id}
        type="file"
        accept=".xml,application/xml,text/xml,application/samlmetadata+xml"
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        onChange={(event) => onChange(event.target.files?.[0] ?? null)}
      />
      <FieldNotes
        id={id}
        hint={
          storedName
            ? `Stored: ${storedName}. Upload a new file to replace it.`
            : "Your identity provider's SAML metadata (.xml)."
        }
        error={error}
      />
    </div>
  );
}
