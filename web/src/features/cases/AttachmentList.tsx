import { type CaseAttachmentShape } from '@casebridge/contracts';
import { API } from '../../lib/api-routes';
import { download } from '../../lib/files';
import { formatDateTime } from '../../lib/format';
import { useFileDownload } from '../../lib/mutations';
import './cases.css';

const UPLOAD_STATE_LABELS: Record<CaseAttachmentShape['upload_state'], string> = {
  pending: 'Waiting to upload',
  uploading: 'Uploading',
  done: 'Uploaded',
  failed: 'Upload failed',
  not_required: 'Stored',
};

/** Files attached to the case with their upload state; downloads go through the bearer-token fetch. */
export function AttachmentList({ token, attachments }: { token: string; attachments: CaseAttachmentShape[] }) {
  const save = useFileDownload();
  if (attachments.length === 0) return null;
  const onDownload = (attachment: CaseAttachmentShape) =>
    save(() =>
      download(API.cases.downloadAttachment, attachment.original_filename, { params: { token, id: attachment.id } }),
    );
  return (
    <section className="card case-attachments" aria-labelledby="case-attachments-title">
      <h2 id="case-attachments-title">Files</h2>
      <ul className="plain-list">
        {attachments.map((attachment) => (
          <li key={attachment.id} className="attachment-row">
            <button type="button" className="link-button" onClick={() => onDownload(attachment)}>
              {attachment.original_filename}
            </button>{' '}
            <span className="muted small">
              ({formatSize(attachment.size_bytes)}) · {UPLOAD_STATE_LABELS[attachment.upload_state]}
              {attachment.company && <> · {attachment.company.name}</>} · {formatDateTime(attachment.created_at)}
            </span>
            {attachment.description && <div className="small">{attachment.description}</div>}
          </li>
        ))}
      </ul>
    </section>
  );
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
