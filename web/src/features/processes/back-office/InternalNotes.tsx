import { API } from '../../../lib/api-routes';
import { formatDateTimeUtc } from '../../../lib/format';
import { queryErrorText, useApiQuery } from '../../../lib/queries';

const PREVIEW_LENGTH = 300;

/** Companies' internal notes on the process: plain text, truncated. */
export function InternalNotes({ companyId, documentId }: { companyId: number; documentId: number }) {
  const notes = useApiQuery(API.superAdminDocuments.notes, { params: { companyId, documentId } });
  return (
    <section className="card" aria-labelledby="internal-notes-title">
      <h2 id="internal-notes-title">Internal Notes</h2>
      {notes.isPending && <p className="muted">Loading…</p>}
      {notes.isError && <p className="muted">{queryErrorText(notes.error)}</p>}
      {notes.data && notes.data.notes.length === 0 && <p className="muted">No internal notes.</p>}
      {notes.data && notes.data.notes.length > 0 && (
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
