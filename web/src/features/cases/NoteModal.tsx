import { useForm } from 'react-hook-form';
import { caseApi, LIMITS, MESSAGES } from '@casebridge/contracts';
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
}

interface NoteModalProps {
  token: string;
  onClose: () => void;
  onSaved: () => void;
}

/** Add Note: a summary and a description for the Collaboration Feed. */
export function NoteModal({ token, onClose, onSaved }: NoteModalProps) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<NoteValues>({ defaultValues: { summary: '', description: '' } });
  const idempotency = useIdempotencyKey();
  const addNote = useApiMutation(caseApi.addNote, {
    loader: true,
    onSuccess: onSaved,
    handlesErrors: true,
    onError: (error) =>
      reportFormError(error, setError, ['summary', 'description'], {
        onOtherError: (other) => alerts.show(updateErrorText(other), 'danger'),
      }),
  });

  const onSubmit = handleSubmit(({ summary, description }) => {
    // A note needs a summary or a description that is not blank; warn without a round trip.
    if (!summary.trim() && !description.trim()) {
      alerts.show(MESSAGES.blankNote, 'warning');
      return;
    }
    addNote.mutate({ params: { token }, body: { summary, description }, idempotencyKey: idempotency.key });
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
        <div className="form-actions">
          <button type="button" className="button button-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button" disabled={addNote.isPending}>
            Add Note
          </button>
        </div>
      </form>
    </Modal>
  );
}
