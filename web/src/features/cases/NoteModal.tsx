import { useForm } from 'react-hook-form';
import { LIMITS, MESSAGES, type NoteVisibility } from '@casebridge/contracts';
import { API } from '../../lib/api-routes';
import { useSession } from '../../app/session-store';
import { useIdempotencyKey } from '../../lib/idempotency';
import { useApiMutation } from '../../lib/mutations';
import { reportFormError } from '../../lib/use-server-form';
import { alerts } from '../../app/alerts-store';
import { Modal } from '../../ui/Modal';
import { TextAreaField, TextField } from '../../ui/fields';
import { updateErrorText } from './case-errors';

interface NoteValues {
  summary: string;
  description: string;
  visibility: NoteVisibility;
}

interface NoteModalProps {
  token: string;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * Add Note: a summary and a description for the Collaboration Feed, and who reads it, chosen before sending: the
 * partner too (the default) or only the author's own company.
 */
export function NoteModal({ token, onClose, onSaved }: NoteModalProps) {
  const ownCompany = useSession((state) => state.company?.name) ?? 'my company';
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm<NoteValues>({ defaultValues: { summary: '', description: '', visibility: 'partner' } });
  const internal = watch('visibility') === 'internal';
  const idempotency = useIdempotencyKey();
  const addNote = useApiMutation(API.cases.addNote, {
    loader: true,
    onSuccess: onSaved,
    handlesErrors: true,
    onError: (error) =>
      reportFormError(error, setError, ['summary', 'description', 'visibility'], {
        onOtherError: (other) => alerts.show(updateErrorText(other), 'danger'),
      }),
  });

  const onSubmit = handleSubmit(({ summary, description, visibility }) => {
    // A note needs a summary or a description that is not blank; warn without a round trip.
    if (!summary.trim() && !description.trim()) {
      alerts.show(MESSAGES.blankNote, 'warning');
      return;
    }
    addNote.mutate({
      params: { token },
      body: { summary, description, visibility },
      idempotencyKey: idempotency.key,
    });
  });

  return (
    <Modal title="Add Note" onClose={onClose}>
      <form onSubmit={onSubmit} noValidate>
        <TextField label="Summary" maxLength={LIMITS.summaryMax} error={errors.summary} {...register('summary')} />
        <TextAreaField
          label="Description"
          rows={6}
          maxLength={LIMITS.textMax}
          error={errors.description}
          {...register('description')}
        />
        <fieldset className="note-visibility">
          <legend>Who can see this note</legend>
          <label className="note-visibility-card">
            <input type="radio" value="partner" {...register('visibility')} />
            <span>
              <strong>Partner can see</strong>
              <span className="muted small">Both companies of the case read it.</span>
            </span>
          </label>
          <label className="note-visibility-card note-visibility-internal">
            <input type="radio" value="internal" {...register('visibility')} />
            <span>
              <strong>Internal — only {ownCompany}</strong>
              <span className="muted small">The partner company never sees it.</span>
            </span>
          </label>
          {errors.visibility?.message && (
            <div className="field-error" role="alert">
              {errors.visibility.message}
            </div>
          )}
        </fieldset>
        <div className="form-actions">
          <button type="button" className="button button-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button" disabled={addNote.isPending}>
            {internal ? 'Add internal note' : 'Add note for partner'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
