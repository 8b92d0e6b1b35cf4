import { ChangeRequestBody } from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';
import type { z } from 'zod';
import { useApiMutation } from '../../../lib/mutations';
import { useServerForm } from '../../../lib/use-server-form';
import { Modal } from '../../../ui/Modal';
import { CancelButton, SubmitActions } from '../../../ui/SubmitActions';
import { TextAreaField, TextField } from '../../../ui/fields';
import { RequiredLegend } from '../../../ui/RequiredNotes';
import { applyChangeRequest } from './change-requests-live';

type ChangeRequestInput = z.input<typeof ChangeRequestBody>;

interface ChangeRequestModalProps {
  onClose: () => void;
  /** Prefills what the request is about (e.g. "User changes"). */
  changeType?: string;
  /** Prefills the description, e.g. which process the request is about. */
  changes?: string;
}

/** Contact: a change request only the network can make (POST admin/company/change, 24-48 hours). */
export function ChangeRequestModal({ onClose, changeType = '', changes = '' }: ChangeRequestModalProps) {
  const {
    register,
    submitWith,
    formState: { errors, isSubmitting },
  } = useServerForm(ChangeRequestBody, {
    defaultValues: { change_type: changeType, changes } satisfies ChangeRequestInput,
    fields: ['change_type', 'changes'],
  });

  const send = useApiMutation(API.adminCompany.change, {
    handlesErrors: true,
    success: (answer) => answer.message,
    onSuccess: (answer) => {
      // The company page lists it at once (the live push brings the same row again).
      applyChangeRequest(answer.change_request);
      onClose();
    },
  });
  const onSubmit = submitWith((values) => send.mutateAsync({ body: values }));

  return (
    <Modal title="Request a Change" onClose={onClose}>
      <form onSubmit={onSubmit} noValidate>
        <p className="muted">Change requests take 24-48 hours to complete.</p>
        <RequiredLegend />
        <TextField
          label="What would you like to change?"
          aria-required
          error={errors.change_type}
          {...register('change_type')}
        />
        <TextAreaField
          label="Describe the changes"
          rows={6}
          aria-required
          error={errors.changes}
          {...register('changes')}
        />
        <SubmitActions label="Send Request" busy={isSubmitting}>
          <CancelButton onClick={onClose} />
        </SubmitActions>
      </form>
    </Modal>
  );
}
