import { useId, useState, type FormEvent } from 'react';
import { LIMITS, MESSAGES } from '@casebridge/contracts';
import { API } from '../../lib/api-routes';
import { ApiError } from '../../lib/api-error';
import { useApiMutation } from '../../lib/mutations';
import { alerts } from '../../app/alerts-store';
import { Modal } from '../../ui/Modal';
import { FieldLabel, FieldNotes, TextField } from '../../ui/fields';
import { RequiredLegend } from '../../ui/RequiredNotes';
import { CancelButton } from '../../ui/SubmitActions';

interface UploadModalProps {
  token: string;
  onClose: () => void;
  onUploaded: () => void;
}

/** Upload File: a description and one or more files, sent as multipart. */
export function UploadModal({ token, onClose, onUploaded }: UploadModalProps) {
  const fileInputId = useId();
  const [description, setDescription] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string>();
  const [descriptionError, setDescriptionError] = useState<string>();
  const send = useApiMutation(API.cases.uploadAttachment, {
    loader: true,
    success: MESSAGES.uploadSucceeded,
    onSuccess: onUploaded,
    handlesErrors: true,
    onError: (error) => {
      // 413 carries the configured limit in its message; other failures get the catalogue's text, and the server's
      // reason (an executable, no file) stands under its field. The banner shows inside this modal.
      const tooLarge = error instanceof ApiError && error.status === 413;
      if (error instanceof ApiError) {
        setFileError(error.fieldErrors.files);
        setDescriptionError(error.fieldErrors.description);
      }
      alerts.show(tooLarge ? error.message : MESSAGES.uploadFailed, 'danger');
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (files.length === 0) {
      setFileError('Choose at least one file.');
      return;
    }
    const form = new FormData();
    form.append('description', description);
    for (const file of files) form.append('files', file, file.name);
    setDescriptionError(undefined);
    send.mutate({ params: { token }, form });
  };

  return (
    <Modal title="Upload File" onClose={onClose}>
      <form onSubmit={onSubmit} noValidate>
        <RequiredLegend />
        <TextField
          label="Description"
          maxLength={LIMITS.summaryMax}
          value={description}
          error={descriptionError}
          onChange={(event) => {
            setDescription(event.target.value);
            setDescriptionError(undefined);
          }}
        />
        <div className={fileError ? 'field field-invalid' : 'field'}>
          <FieldLabel required>
            <label htmlFor={fileInputId}>Files</label>
          </FieldLabel>
          <input
            id={fileInputId}
            type="file"
            multiple
            aria-required
            aria-invalid={fileError ? true : undefined}
            aria-describedby={fileError ? `${fileInputId}-error` : undefined}
            onChange={(event) => {
              setFiles(Array.from(event.target.files ?? []));
              setFileError(undefined);
            }}
          />
          <FieldNotes id={fileInputId} error={fileError} />
        </div>
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
