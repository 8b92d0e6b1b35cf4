import { InviteBody, MESSAGES, type DirectoryEntry } from '@casebridge/contracts';
import { API } from '../../lib/api-routes';
import { useApiMutation } from '../../lib/mutations';
import { useServerForm } from '../../lib/use-server-form';
import { alerts } from '../../app/alerts-store';
import { Modal } from '../../ui/Modal';
import { CancelButton, SubmitActions } from '../../ui/SubmitActions';
import { SelectField, TextAreaField } from '../../ui/fields';
import { RequiredLegend } from '../../ui/RequiredNotes';

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
    submitWith,
    formState: { errors, isSubmitting },
  } = useServerForm(InviteBody, { fields: ['company_id', 'comments'] });

  const invite = useApiMutation(API.dashboard.invite, {
    loader: true,
    handlesErrors: true,
    onSuccess: (answer) => {
      if (answer.success) {
        alerts.show(answer.message ?? 'Your invitation has been sent.', 'success');
        onClose();
      } else {
        alerts.show(answer.message ?? MESSAGES.unknownError, 'warning');
      }
    },
  });
  const onSubmit = submitWith((values) => invite.mutateAsync({ body: values }));

  return (
    <Modal title="Invite Member" onClose={onClose}>
      <form onSubmit={onSubmit} noValidate>
        <p className="muted">Invite a member of the network to collaborate with your company.</p>
        <RequiredLegend />
        <SelectField
          label="Company"
          aria-required
          placeholder={MESSAGES.chooseOne}
          options={companyOptions(directory)}
          error={errors.company_id}
          {...register('company_id', { setValueAs: (value: unknown) => (value === '' ? undefined : value) })}
        />
        <TextAreaField label="Comments" rows={4} error={errors.comments} {...register('comments')} />
        <SubmitActions label="Send Invite" busy={isSubmitting}>
          <CancelButton onClick={onClose} />
        </SubmitActions>
      </form>
    </Modal>
  );
}
