import { MissingPartnerBody } from '@casebridge/contracts';
import { API } from '../../lib/api-routes';
import { useApiMutation } from '../../lib/mutations';
import { useServerForm } from '../../lib/use-server-form';
import { alerts } from '../../app/alerts-store';
import { Modal } from '../../ui/Modal';
import { CancelButton, SubmitActions } from '../../ui/SubmitActions';
import { TextAreaField, TextField } from '../../ui/fields';
import { RequiredLegend } from '../../ui/RequiredNotes';

const FIELDS = ['company_name', 'company_website', 'contact_name', 'contact_email', 'comment'] as const;

/** Report a partner that is not in the network yet (POST missing_partner_request). */
export function MissingPartnerModal({ onClose }: { onClose: () => void }) {
  const {
    register,
    submitWith,
    formState: { errors, isSubmitting },
  } = useServerForm(MissingPartnerBody, { fields: FIELDS });

  const report = useApiMutation(API.dashboard.missingPartner, {
    loader: true,
    handlesErrors: true,
    onSuccess: (answer) => {
      if (answer.error) {
        alerts.show(answer.error, 'warning');
        return;
      }
      alerts.show(answer.message, 'success');
      onClose();
    },
  });
  const onSubmit = submitWith((values) => report.mutateAsync({ body: values }));

  return (
    <Modal title="Missing Partner" onClose={onClose}>
      <form onSubmit={onSubmit} noValidate>
        <p className="muted">
          Tell us which partner you would like to collaborate with; membership will reach out to them.
        </p>
        <RequiredLegend />
        <TextField label="Company Name" aria-required error={errors.company_name} {...register('company_name')} />
        <TextField label="Company Website" type="url" error={errors.company_website} {...register('company_website')} />
        <div className="field-row">
          <TextField label="Contact Name" aria-required error={errors.contact_name} {...register('contact_name')} />
          <TextField
            label="Contact Email"
            type="email"
            aria-required
            error={errors.contact_email}
            {...register('contact_email')}
          />
        </div>
        <TextAreaField label="Comment" rows={4} error={errors.comment} {...register('comment')} />
        <SubmitActions label="Send Request" busy={isSubmitting}>
          <CancelButton onClick={onClose} />
        </SubmitActions>
      </form>
    </Modal>
  );
}
