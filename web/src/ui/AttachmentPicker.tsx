import { useId, type ChangeEvent } from 'react';
import { CASE_ATTACHMENT_FILES } from '@casebridge/contracts';
import { describedBy, FieldNotes } from './fields';

interface AttachmentPickerProps {
  files: readonly File[];
  onChange: (files: File[]) => void;
  /** The server's reason a file was refused (an executable, too large). */
  error?: string;
  label?: string;
}

/**
 * Optional files that travel with a form (the submit form, the answer to an information request): chosen in one or
 * more goes, listed with a way to take one out. The server judges the types by content and the size.
 */
export function AttachmentPicker({ files, onChange, error, label = 'Attachments' }: AttachmentPickerProps) {
  const id = useId();
  const hint = `Optional: up to ${CASE_ATTACHMENT_FILES.maxCount} files (logs, support bundles, screenshots); programs are refused.`;
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    onChange([...files, ...chosen].slice(0, CASE_ATTACHMENT_FILES.maxCount));
    // The same file may be chosen again after being removed.
    event.target.value = '';
  };
  return (
    <div className={error ? 'field field-invalid' : 'field'}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="file"
        multiple
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        onChange={choose}
      />
      {files.length > 0 && (
        <ul className="picked-files" aria-label="Chosen files">
          {files.map((file, index) => (
            <li key={`${file.name}-${index}`}>
              {file.name}{' '}
              <button
                type="button"
                className="link-button"
                aria-label={`Remove ${file.name}`}
                onClick={() => onChange(files.filter((_, other) => other !== index))}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

/** The multipart body of a form with files: `fields` as text parts, then the files. */
export function formWithFiles(fields: Record<string, string>, files: readonly File[]): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append(CASE_ATTACHMENT_FILES.name, file, file.name);
  return form;
}
