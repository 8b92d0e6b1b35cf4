import { superAdminDocumentsApi } from '@casebridge/contracts';
import { call } from '../../../lib/api';
import { formatDateTimeUtc } from '../../../lib/format';
import { useAsync } from '../../../lib/use-async';

const PREVIEW_LENGTH = 300;

/** Companies' internal notes on the process: plain text, truncated (spec 3 §3 "Internal note"). */
export function InternalNotes({ companyId, documentId }: { companyId: number; documentId: number }) {
  const notes = useAsync(
    () => call(superAdminDocumentsApi.notes, { params: { companyId, documentId } }),
    [companyId, documentId],
  );
  return (
    <section className="card" aria-labelledby="internal-notes-title">
      <h2 id="internal-notes-title">Internal Notes</h2>
      {notes.status === 'loading' && <p className="muted">Loading…</p>}
      {notes.status === 'failed' && <p className="muted">{notes.error}</p>}
      {notes.status === 'ready' && notes.data.notes.length === 0 && <p className="muted">No internal notes.</p>}
      {notes.status === 'ready' && notes.data.notes.length > 0 && (
        <ul className="internal-notes">
          {notes.data.notes.map((note) => (
            <li key={note.id}>
              <strong>{note.company}</strong> <span className="muted">{formatDateTimeUtc(note.updated_at)}</span>
              <p title={note.note}>
                {note.note.length > PREVIEW_LENGTH ? `${note.note.slice(0, PREVIEW_LENGTH)}…` : note.note}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
