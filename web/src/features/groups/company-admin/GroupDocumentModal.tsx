import { useId, useState, type FormEvent } from 'react';
import {
  GROUP_DOCUMENT_EXTENSIONS,
  GROUP_DOCUMENT_FILE_FIELD,
  MESSAGES,
  type adminGroupsApi,
  type GroupDocumentKind,
  type superAdminGroupsApi,
} from '@casebridge/contracts';
import { alerts } from '../../../app/alerts-store';
import { ApiError, type FieldErrors } from '../../../lib/api-error';
import { useApiMutation, type ApiTarget } from '../../../lib/mutations';
import { Modal } from '../../../ui/Modal';
import { CancelButton } from '../../../ui/SubmitActions';
import { FieldNotes, SelectField, TextField } from '../../../ui/fields';

export interface CompanyChoice {
  value: number;
  label: string;
}

/** Whose document it is: the admin's own company, or one the super admin picks from the group's partners. */
export type DocumentOwner = { companyId: number } | { label: string; choices: readonly CompanyChoice[] };

/** Where a new group document goes: the company admin's or the super admin's endpoint, with its parameters. */
export type DocumentUpload = ApiTarget<
  typeof adminGroupsApi.uploadDocument | typeof superAdminGroupsApi.uploadDocument
>;

export interface GroupDocumentModalProps {
  title: string;
  /** How the url kind is named (the radio and the documents table). */
  urlLabel: string;
  owner: DocumentOwner;
  /** Takes the multipart form (name, company_id, document_type, url or file). */
  upload: DocumentUpload;
  onClose: () => void;
  onAdded: () => void;
}

/** A group document: a name and a file or a url, shared with the group (multipart upload). */
export function GroupDocumentModal({ title, urlLabel, owner, upload, onClose, onAdded }: GroupDocumentModalProps) {
  const fileInputId = useId();
  const [name, setName] = useState('');
  const [chosenCompany, setChosenCompany] = useState('');
  const [kind, setKind] = useState<GroupDocumentKind>('file');
  const [url, setUrl] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const send = useApiMutation(upload.endpoint, {
    loader: true,
    success: (answer) => answer.message,
    onSuccess: onAdded,
    // The server's field messages go under the inputs beside one "check the form" warning; a file too large is an
    // error alert with the server's text, which names the configured size limit.
    handlesErrors: true,
    onError: (error) => {
      if (error instanceof ApiError && error.status === 413) {
        alerts.show(error.message, 'danger');
      } else {
        if (error instanceof ApiError) setErrors(error.fieldErrors);
        alerts.show(MESSAGES.submissionError, 'warning');
      }
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const form = new FormData();
    form.append('name', name);
    form.append('company_id', 'companyId' in owner ? String(owner.companyId) : chosenCompany);
    form.append('document_type', kind);
    if (kind === 'url') form.append('url', url);
    if (kind === 'file' && file) form.append(GROUP_DOCUMENT_FILE_FIELD, file, file.name);
    setErrors({});
    send.mutate({ params: upload.params, form });
  };

  const fileError = errors[GROUP_DOCUMENT_FILE_FIELD];
  return (
    <Modal title={title} onClose={onClose}>
      <form onSubmit={onSubmit} noValidate>
        <TextField label="Name" value={name} error={errors.name} onChange={(event) => setName(event.target.value)} />
        {'choices' in owner && (
          <CompanySelect owner={owner} value={chosenCompany} error={errors.company_id} onChange={setChosenCompany} />
        )}
        <fieldset className={errors.document_type ? 'field field-invalid' : 'field'}>
          <legend>Type</legend>
          <div className="choice-group">
            {(['file', 'url'] as const).map((value) => (
              <label key={value} className="choice">
                <input
                  type="radio"
                  name="document_type"
                  value={value}
                  checked={kind === value}
                  onChange={() => setKind(value)}
                />{' '}
                {value === 'file' ? 'File' : urlLabel}
              </label>
            ))}
          </div>
          {errors.document_type && (
            <div className="field-error" role="alert">
              {errors.document_type}
            </div>
          )}
        </fieldset>
        {kind === 'url' ? (
          <TextField
            label="Url"
            type="url"
            placeholder="https://"
            value={url}
            error={errors.url}
            onChange={(event) => setUrl(event.target.value)}
          />
        ) : (
          <div className={fileError ? 'field field-invalid' : 'field'}>
            <label htmlFor={fileInputId}>File</label>
            <input
              id={fileInputId}
              type="file"
              accept={GROUP_DOCUMENT_EXTENSIONS.join(',')}
              aria-invalid={fileError ? true : undefined}
              aria-describedby={`${fileInputId}-hint${fileError ? ` ${fileInputId}-error` : ''}`}
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            />
            <FieldNotes id={fileInputId} hint={`Accepted: ${GROUP_DOCUMENT_EXTENSIONS.join(' ')}`} error={fileError} />
          </div>
        )}
        <div className="form-actions">
          <CancelButton onClick={onClose} />
          <button type="submit" className="button" disabled={send.isPending}>
            Upload
          </button>
        </div>
      </form>
    </Modal>
  );
}

interface CompanySelectProps {
  owner: Extract<DocumentOwner, { choices: unknown }>;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}

function CompanySelect({ owner, value, error, onChange }: CompanySelectProps) {
  return (
    <SelectField
      label={owner.label}
      placeholder={MESSAGES.chooseOne}
      options={owner.choices}
      value={value}
      error={error}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
