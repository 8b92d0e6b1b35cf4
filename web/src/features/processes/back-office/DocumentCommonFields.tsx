import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { DOCUMENT_STATUSES } from '@casebridge/contracts';
import { SelectField, TextField } from '../../../ui/fields';
import { statusLabel } from '../../companies/back-office/company-labels';

const STATUS_OPTIONS = DOCUMENT_STATUSES.map((value) => ({ value, label: statusLabel(value) }));

interface CommonValues {
  status?: unknown;
  title?: unknown;
  support_hours?: unknown;
  product_supported?: unknown;
}

/** Status, process name and (unless a parent) support hours and products, shared by the three editors. */
export function DocumentCommonFields<T extends CommonValues>({
  register,
  errors,
  hours = true,
}: {
  register: UseFormRegister<T>;
  errors: FieldErrors<CommonValues>;
  hours?: boolean;
}) {
  // The editors' values all have these fields; the cast lets one component serve the three forms.
  const field = register as unknown as UseFormRegister<CommonValues>;
  return (
    <>
      <div className="field-row">
        <SelectField label="Status" options={STATUS_OPTIONS} error={errors.status} {...field('status')} />
        <TextField label="Process Name" error={errors.title} {...field('title')} />
      </div>
      {hours && (
        <div className="field-row">
          <TextField label="Support Hours" error={errors.support_hours} {...field('support_hours')} />
          <TextField label="Products Supported" error={errors.product_supported} {...field('product_supported')} />
        </div>
      )}
    </>
  );
}
