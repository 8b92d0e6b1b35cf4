import type { z } from 'zod';
import { DEFAULT_PHONE_COUNTRY_CODE, UpdateEngineerBody, type CaseDetail } from '@casebridge/contracts';
import { API } from '../../lib/api-routes';
import { useApiMutation } from '../../lib/mutations';
import { useServerForm } from '../../lib/use-server-form';
import { alerts } from '../../app/alerts-store';
import { Modal } from '../../ui/Modal';
import { TextField } from '../../ui/fields';
import { isValidPhone, PhoneField } from '../../ui/PhoneField';
import { RequiredLegend } from '../../ui/RequiredNotes';
import { updateErrorText } from './case-errors';

type EngineerInput = z.input<typeof UpdateEngineerBody>;

const FIELDS = ['case_number', 'engineer_name', 'engineer_email', 'engineer_phone', 'engineer_country_code'] as const;

interface EngineerModalProps {
  detail: CaseDetail;
  /** response: the receiver's engineer; submission: the submitter's own. */
  side: 'response' | 'submission';
  onClose: () => void;
  onSaved: () => void;
}

/** Update Response / Update Submission: the case number and engineer contact of one side. */
export function EngineerModal({ detail, side, onClose, onSaved }: EngineerModalProps) {
  const {
    register,
    submitWith,
    watch,
    formState: { errors, isSubmitting },
  } = useServerForm(UpdateEngineerBody, {
    defaultValues: defaultsOf(detail, side),
    fields: FIELDS,
    onOtherError: (error) => alerts.show(updateErrorText(error), 'danger'),
  });

  const save = useApiMutation(side === 'response' ? API.cases.updateResponse : API.cases.updateSubmission, {
    loader: true,
    handlesErrors: true,
    success: MESSAGES_UPDATED,
    onSuccess: onSaved,
  });
  const onSubmit = submitWith((values) => {
    // An invalid number is not sent; the field already told the user.
    const body = { ...values, engineer_phone: isValidPhone(values.engineer_phone) ? values.engineer_phone : null };
    return save.mutateAsync({ params: { token: detail.token }, body });
  });

  return (
    <Modal title={side === 'response' ? 'Update Response' : 'Update Submission'} onClose={onClose}>
      <form onSubmit={onSubmit} noValidate>
        <RequiredLegend />
        <TextField
          label={side === 'response' ? 'Partner Case Number' : 'Internal Case Number'}
          error={errors.case_number}
          {...register('case_number')}
        />
        <TextField
          label="Engineer Name"
          aria-required
          autoComplete="name"
          error={errors.engineer_name}
          {...register('engineer_name')}
        />
        <TextField
          label="Engineer Email"
          type="email"
          aria-required
          autoComplete="email"
          error={errors.engineer_email}
          {...register('engineer_email')}
        />
        <PhoneField
          label="Engineer Phone"
          codeProps={register('engineer_country_code')}
          numberProps={register('engineer_phone')}
          currentCode={watch('engineer_country_code')}
          error={errors.engineer_phone ?? errors.engineer_country_code}
        />
        <div className="form-actions">
          <button type="button" className="button button-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button" disabled={isSubmitting}>
            Save
          </button>
        </div>
      </form>
    </Modal>
  );
}

const MESSAGES_UPDATED = 'The case has been updated.';

function defaultsOf(detail: CaseDetail, side: 'response' | 'submission'): EngineerInput {
  if (side === 'response') {
    return {
      id: detail.id,
      case_number: detail.receiver_case_number ?? '',
      engineer_name: detail.receiver_engineer.name ?? '',
      engineer_email: detail.receiver_engineer.email ?? '',
      ...splitPhone(detail.receiver_engineer.phone),
    };
  }
  const { engineer } = detail;
  return {
    id: detail.id,
    case_number: detail.internal_case_number,
    engineer_name: `${engineer.first_name} ${engineer.last_name}`.trim(),
    engineer_email: engineer.email,
    // The api stores the submitter's phone as 'US: number' too; its own code wins over the stored default.
    ...splitPhone(engineer.phone, engineer.phone_country_code),
  };
}

/** A stored phone may read 'US: 555 0100' (code, colon, number); the form edits code and number apart. */
function splitPhone(
  phone: string | null,
  fallbackCode: string = DEFAULT_PHONE_COUNTRY_CODE,
): Pick<EngineerInput, 'engineer_phone' | 'engineer_country_code'> {
  const match = /^([A-Za-z]{2}):\s*(.*)$/.exec(phone ?? '');
  if (match) return { engineer_country_code: match[1].toUpperCase(), engineer_phone: match[2] };
  return { engineer_country_code: fallbackCode || DEFAULT_PHONE_COUNTRY_CODE, engineer_phone: phone ?? '' };
}
