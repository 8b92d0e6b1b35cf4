import { useId, useState, type FormEvent } from 'react';
import {
  adminGroupsApi,
  GROUP_DOCUMENT_EXTENSIONS,
  GROUP_DOCUMENT_FILE_FIELD,
  MESSAGES,
  type GroupDocumentKind,
} from '@casebridge/contracts';
import { ApiError, type FieldErrors } from '../../lib/api-error';
import { upload } from '../../lib/files';
import { alerts } from '../../app/alerts-store';
import { useSession } from '../../app/session-store';
import { Modal } from '../../ui/Modal';
import { CancelButton } from '../../ui/SubmitActions';
import { TextField } from '../../ui/fields';
import { withLoader } from '../../ui/modal-store';

interface AddDocumentModalProps {
  groupId: number;
  onClose: () => void;
  onAdded: () => void;
}

/** Add Document/Link: a name and a file or a url, shared with the group (multipart upload). */
export function AddDocumentModal({ groupId, onClose, onAdded }: AddDocumentModalProps) {
  const companyId = useSession((state) => state.company?.id ?? 0);
  const fileInputId = useId();
  const [name, setName] = useState('');
  const [kind, setKind] = useState<GroupDocumentKind>('file');
  const [url, setUrl] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const form = new FormData();
    form.append('name', name);
    form.append('company_id', String(companyId));
    form.append('document_type', kind);
    if (kind === 'url') form.append('url', url);
    if (kind === 'file' && file) form.append(GROUP_DOCUMENT_FILE_FIELD, file, file.name);
    setBusy(true);
    setErrors({});
    try {
      const answer = await withLoader(upload(adminGroupsApi.uploadDocument, form, { params: { groupId } }));
      alerts.show(answer.message, 'success');
      onAdded();
    } catch (error) {
      if (error instanceof ApiError && error.status === 413) {
        // The server's text names the configured size limit.
        alerts.show(error.message, 'danger');
      } else {
        if (error instanceof ApiError) setErrors(error.fieldErrors);
        alerts.show(MESSAGES.submissionError, 'warning');
      }
    } finally {
      setBusy(false);
    }
  };

  const fileError = errors[GROUP_DOCUMENT_FILE_FIELD];
  return (
    <Modal title="Add Document/Link" onClose={onClose}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <TextField label="Name" value={name} error={errors.name} onChange={(event) => setName(event.target.value)} />
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
                {value === 'file' ? 'File' : 'Link'}
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
            <div className="field-hint" id={`${fileInputId}-hint`}>
              Accepted: {GROUP_DOCUMENT_EXTENSIONS.join(' ')}
            </div>
            {fileError && (
              <div className="field-error" id={`${fileInputId}-error`} role="alert">
                {fileError}
              </div>
            )}
          </div>
        )}
        <div className="form-actions">
          <CancelButton onClick={onClose} />
          <button type="submit" className="button" disabled={busy}>
            Upload
          </button>
        </div>
      </form>
    </Modal>
  );
}
