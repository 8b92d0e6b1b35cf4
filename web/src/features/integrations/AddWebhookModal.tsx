import { CASE_EVENT_TYPES, CreateWebhookBody, type WebhookSecretResponse } from '@casebridge/contracts';
import { API } from '../../lib/api-routes';
import { useApiMutation } from '../../lib/mutations';
import { useServerForm } from '../../lib/use-server-form';
import { Modal } from '../../ui/Modal';
import { CancelButton, SubmitActions } from '../../ui/SubmitActions';
import { TextField } from '../../ui/fields';
import { RequiredLegend } from '../../ui/RequiredNotes';
import { eventLabel } from './labels';

interface AddWebhookModalProps {
  onClose: () => void;
  onCreated: (answer: WebhookSecretResponse) => void;
}

/** Add endpoint: an https url and the case events it receives (none ticked: every event). */
export function AddWebhookModal({ onClose, onCreated }: AddWebhookModalProps) {
  const {
    register,
    submitWith,
    formState: { errors, isSubmitting },
  } = useServerForm(CreateWebhookBody, { fields: ['url', 'events'], defaultValues: { url: '', events: [] } });

  const create = useApiMutation(API.webhooks.create, { loader: true, handlesErrors: true, onSuccess: onCreated });
  const onSubmit = submitWith((values) => create.mutateAsync({ body: values }));

  const eventsError = errors.events?.message ?? errors.events?.[0]?.message;
  return (
    <Modal title="Add Endpoint" onClose={onClose}>
      <form onSubmit={onSubmit} noValidate>
        <RequiredLegend />
        <TextField
          label="Url"
          type="url"
          aria-required
          placeholder="https://"
          autoComplete="off"
          error={errors.url}
          hint="Case events are POSTed here as JSON, signed with X-Casebridge-Signature."
          {...register('url')}
        />
        <fieldset className={eventsError ? 'field field-invalid' : 'field'}>
          <legend>Events</legend>
          <p className="field-hint">Leave all unticked to receive every case event.</p>
          <div className="choice-group">
            {CASE_EVENT_TYPES.map((event) => (
              <label key={event} className="choice">
                <input type="checkbox" value={event} {...register('events')} /> {eventLabel(event)}
              </label>
            ))}
          </div>
          {eventsError && (
            <div className="field-error" role="alert">
              {eventsError}
            </div>
          )}
        </fieldset>
        <SubmitActions label="Add Endpoint" busy={isSubmitting}>
          <CancelButton onClick={onClose} />
        </SubmitActions>
      </form>
    </Modal>
  );
}
