import { useState } from 'react';
import type { z } from 'zod';
import { CompanyNoteBody, CompanyNoteResponse } from '@casebridge/contracts';
import { API } from '../../lib/api-routes';
import { useApiMutation } from '../../lib/mutations';
import { apiKey, queryClient } from '../../lib/queries';
import { useServerForm } from '../../lib/use-server-form';
import { Modal } from '../../ui/Modal';
import { CancelButton, SubmitActions } from '../../ui/SubmitActions';
import { TextAreaField } from '../../ui/fields';
import './directory.css';

type NoteState = z.infer<typeof CompanyNoteResponse>;

/**
 * The company-wide note. Editors (company admins) see it always and edit it in the company-notes modal;
 * everyone else sees it read-only, and only when a note exists. The page loads it (see DashboardPage).
 */
export function CompanyNoteCard({ state }: { state: NoteState | undefined }) {
  const [editing, setEditing] = useState(false);
  if (!state) return null;

  const hasNote = !!state.note?.trim();
  if (!hasNote && !state.can_edit) return null;
  return (
    <section className="card" aria-labelledby="company-note-title">
      <div className="card-title">
        <h2 id="company-note-title">Company Note</h2>
        {state.can_edit && (
          <button type="button" className="button button-secondary button-small" onClick={() => setEditing(true)}>
            Edit Note
          </button>
        )}
      </div>
      {hasNote ? <p className="company-note">{state.note}</p> : <p className="muted">No note for your company yet.</p>}
      {editing && <CompanyNoteModal note={state.note ?? ''} onClose={() => setEditing(false)} />}
    </section>
  );
}

function CompanyNoteModal({ note, onClose }: { note: string; onClose: () => void }) {
  const {
    register,
    submitWith,
    formState: { errors, isSubmitting },
  } = useServerForm(CompanyNoteBody, { defaultValues: { note }, fields: ['note'] });

  const save = useApiMutation(API.dashboard.saveCompanyNote, {
    loader: true,
    handlesErrors: true,
    onSuccess: (saved) => {
      // The answer is the note as stored: the card (and a later visit) shows it without asking again.
      queryClient.setQueryData(apiKey(API.dashboard.companyNote), saved);
      onClose();
    },
  });
  const onSubmit = submitWith((values) => save.mutateAsync({ body: values }));

  return (
    <Modal title="Company Notes" onClose={onClose}>
      <form onSubmit={onSubmit} noValidate>
        <p className="muted">Everyone in your company sees this note on their dashboard.</p>
        <TextAreaField label="Note" rows={8} error={errors.note} {...register('note')} />
        <SubmitActions label="Save Note" busy={isSubmitting}>
          <CancelButton onClick={onClose} />
        </SubmitActions>
      </form>
    </Modal>
  );
}
