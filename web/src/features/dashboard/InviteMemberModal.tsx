import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { dashboardApi, InviteBody, MESSAGES, type DirectoryEntry } from '@casebridge/contracts';
import { call } from '../../lib/api';
import { errorMessage } from '../../lib/api-error';
import { applyServerErrors } from '../../lib/form-errors';
import { alerts } from '../../app/alerts-store';
import { Modal } from '../../ui/Modal';
import { SelectField, TextAreaField } from '../../ui/fields';
import { withLoader } from '../../ui/modal-store';

type InviteInput = z.input<typeof InviteBody>;
type InviteValues = z.output<typeof InviteBody>;

/** One option per company of the directory (departments share their company). */
function companyOptions(directory: DirectoryEntry[]) {
  const byId = new Map<number, string>();
  for (const entry of directory) byId.set(entry.company_id, entry.company_name);
  return [...byId.entries()].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
}

/** Invite a member company of the network to collaborate (POST collaborate_invite). */
export function InviteMemberModal({ directory, onClose }: { directory: DirectoryEntry[]; onClose: () => void }) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<InviteInput, unknown, InviteValues>({ resolver: zodResolver(InviteBody) });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await withLoader(call(dashboardApi.invite, { body: values }));
      if (answer.success) {
        alerts.show(answer.message ?? 'Your invitation has been sent.', 'success');
        onClose();
      } else {
        alerts.show(answer.message ?? MESSAGES.unknownError, 'warning');
      }
    } catch (error) {
      if (!applyServerErrors(error, setError, ['company_id', 'comments'])) alerts.show(errorMessage(error), 'warning');
    }
  });

  return (
    <Modal title="Invite Member" onClose={onClose}>
      <form onSubmit={onSubmit} noValidate>
        <p className="muted">Invite a member of the network to collaborate with your company.</p>
        <SelectField
          label="Company"
          placeholder={MESSAGES.chooseOne}
          options={companyOptions(directory)}
          error={errors.company_id}
          {...register('company_id', { setValueAs: (value: unknown) => (value === '' ? undefined : value) })}
        />
        <TextAreaField label="Comments" rows={4} error={errors.comments} {...register('comments')} />
        <div className="form-actions">
          <button type="submit" className="button" disabled={isSubmitting}>
            Send Invite
          </button>
          <button type="button" className="button button-secondary" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Modal>
  );
}
