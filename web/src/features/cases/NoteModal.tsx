import { useForm } from 'react-hook-form';
import { caseApi, LIMITS, MESSAGES } from '@casebridge/contracts';
import { call } from '../../lib/api';
import { useIdempotencyKey } from '../../lib/idempotency';
import { applyServerErrors } from '../../lib/form-errors';
import { alerts } from '../../app/alerts-store';
import { Modal } from '../../ui/Modal';
import { TextAreaField, TextField } from '../../ui/fields';
import { withLoader } from '../../ui/modal-store';
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
    formState: { errors, isSubmitting },
  } = useForm<NoteValues>({ defaultValues: { summary: '', description: '' } });
  const idempotency = useIdempotencyKey();

  const onSubmit = handleSubmit(async ({ summary, description }) => {
    // Spec 1 §5: a note needs some text; warn without a round trip.
    if (!summary.trim() && !description.trim()) {
      alerts.show(MESSAGES.blankNote, 'warning');
      return;
    }
    try {
      await withLoader(
        call(caseApi.addNote, { params: { token }, body: { summary, description }, idempotencyKey: idempotency.key }),
      );
      onSaved();
    } catch (error) {
      if (!applyServerErrors(error, setError, ['summary', 'description']))
        alerts.show(updateErrorText(error), 'danger');
    }
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
          <button type="submit" className="button" disabled={isSubmitting}>
            Add Note
          </button>
        </div>
      </form>
    </Modal>
  );
}
