import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { dashboardApi, MissingPartnerBody } from '@casebridge/contracts';
import { call } from '../../lib/api';
import { errorMessage } from '../../lib/api-error';
import { applyServerErrors } from '../../lib/form-errors';
import { alerts } from '../../app/alerts-store';
import { Modal } from '../../ui/Modal';
import { TextAreaField, TextField } from '../../ui/fields';
import { withLoader } from '../../ui/modal-store';

type MissingInput = z.input<typeof MissingPartnerBody>;
type MissingValues = z.output<typeof MissingPartnerBody>;

const FIELDS = ['company_name', 'company_website', 'contact_name', 'contact_email', 'comment'] as const;

/** Report a partner that is not in the network yet (POST missing_partner_request). */
export function MissingPartnerModal({ onClose }: { onClose: () => void }) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<MissingInput, unknown, MissingValues>({ resolver: zodResolver(MissingPartnerBody) });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await withLoader(call(dashboardApi.missingPartner, { body: values }));
      if (answer.error) {
        alerts.show(answer.error, 'warning');
        return;
      }
      alerts.show(answer.message, 'success');
      onClose();
    } catch (error) {
      if (!applyServerErrors(error, setError, FIELDS)) alerts.show(errorMessage(error), 'warning');
    }
  });

  return (
    <Modal title="Missing Partner" onClose={onClose}>
      <form onSubmit={onSubmit} noValidate>
        <p className="muted">
          Tell us which partner you would like to collaborate with; membership will reach out to them.
        </p>
        <TextField label="Company Name" error={errors.company_name} {...register('company_name')} />
        <TextField label="Company Website" type="url" error={errors.company_website} {...register('company_website')} />
        <div className="field-row">
          <TextField label="Contact Name" error={errors.contact_name} {...register('contact_name')} />
          <TextField label="Contact Email" type="email" error={errors.contact_email} {...register('contact_email')} />
        </div>
        <TextAreaField label="Comment" rows={4} error={errors.comment} {...register('comment')} />
        <div className="form-actions">
          <button type="submit" className="button" disabled={isSubmitting}>
            Send Request
          </button>
          <button type="button" className="button button-secondary" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Modal>
  );
}
