import { useId, useState } from 'react';
import { type ContactDocumentShape } from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';
import { ApiError } from '../../../lib/api-error';
import { showErrorAlert } from '../../../lib/mutation-errors';
import { useApiMutation } from '../../../lib/mutations';
import { FieldNotes } from '../../../ui/fields';
import { DocumentFiles } from './DocumentFiles';
import { patchCachedDocument } from './document-cache';
import { EscalationBox } from './EscalationBox';
import type { CaseTarget } from './CaseForm';
import './submit-case.css';

/** Beside every process document: favourite toggle, process owner and escalation (not for callers), note, files. */
export function DocumentSidebar({ document, target }: { document: ContactDocumentShape; target: CaseTarget }) {
  return (
    <aside className="document-side" aria-label="About this process">
      <FavoriteToggle document={document} target={target} />
      {document.escalation && <EscalationBox document={document} />}
      <InternalNote document={document} />
      {document.files.length > 0 && <DocumentFiles documentId={document.id} files={document.files} />}
    </aside>
  );
}

function FavoriteToggle({ document, target }: { document: ContactDocumentShape; target: CaseTarget }) {
  const [favorite, setFavorite] = useState(document.is_favorite);
  const toggleFavorite = useApiMutation(API.dashboard.toggleFavorite, {
    // The dashboard's favourites list changed; it is read again when shown.
    invalidates: [API.dashboard.favorites],
    onSuccess: (answer) => {
      setFavorite(answer.is_favorite);
      patchCachedDocument(document.id, { is_favorite: answer.is_favorite });
    },
  });
  const toggle = () =>
    toggleFavorite.mutate({
      body: {
        document_id: document.id,
        company_id: document.company_id,
        type: target.type,
        department_id: target.type === 'department' ? target.entityId : null,
        is_favorite: !favorite,
      },
    });
  return (
    <div className="card card-compact">
      <button
        type="button"
        className={favorite ? 'button favorite-button favorite-on' : 'button button-secondary favorite-button'}
        disabled={toggleFavorite.isPending}
        onClick={toggle}
      >
        {/* One wording (the dashboard's Favorites list): the label says what a click does. */}
        <span aria-hidden="true">{favorite ? '★' : '☆'}</span> {favorite ? 'Remove from Favorites' : 'Add to Favorites'}
      </button>
    </div>
  );
}

/** The user's own note on this process document (POST caller/notes/store). */
function InternalNote({ document }: { document: ContactDocumentShape }) {
  const id = useId();
  const [note, setNote] = useState(document.note ?? '');
  const [error, setError] = useState<string | null>(null);
  const storeNote = useApiMutation(API.documents.storeNote, {
    loader: true,
    success: 'Your note has been saved.',
    onSuccess: (saved) => patchCachedDocument(document.id, { note: saved.note.note }),
    // The server's message about the note stands under it; any other failure is a warning.
    handlesErrors: true,
    onError: (failure) => {
      const fieldError = failure instanceof ApiError ? failure.fieldErrors.note : undefined;
      if (fieldError) setError(fieldError);
      else showErrorAlert(failure);
    },
  });
  const save = () => {
    setError(null);
    storeNote.mutate({ body: { location: 'contact_document', document_id: document.id, note } });
  };
  return (
    <section className="card card-compact" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Internal Note</h2>
      <div className={error ? 'field field-invalid' : 'field'}>
        <label htmlFor={id}>Note for your own reference</label>
        <textarea
          id={id}
          rows={4}
          value={note}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => setNote(event.target.value)}
        />
        <FieldNotes id={id} error={error} />
      </div>
      <button type="button" className="button button-small" onClick={save}>
        Save
      </button>
    </section>
  );
}
