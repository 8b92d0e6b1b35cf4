import { SelectField, TextField } from '../../../ui/fields';
import { useDbOptions } from './db-select-options';
import type { RequirementFieldProps } from './RequirementField';
import {
  allowsOther,
  choseOther,
  dbSelectSource,
  detailLabel,
  detailRequired,
  fieldName,
  groupOptions,
  OTHER_OPTION,
  otherLabel,
  partName,
  placeholderOf,
  selectOptions,
  tierOptions,
} from './requirements';

const asOptions = (list: string[]) => list.map((value) => ({ value, label: value }));

/** A select whose 'Other' choice (unless allow_other is false) reveals a free-text input. */
export function SelectWithOther({ requirement, required, register, values, error }: RequirementFieldProps) {
  const label = requirement.requirement.label;
  const options = selectOptions(requirement);
  const withOther = allowsOther(requirement) && !options.includes(OTHER_OPTION);
  return (
    <>
      <SelectField
        label={label}
        error={error}
        aria-required={required || undefined}
        placeholder={placeholderOf(requirement, required)}
        options={asOptions(withOther ? [...options, OTHER_OPTION] : options)}
        {...register(fieldName(requirement))}
      />
      {choseOther(requirement, values) && (
        <TextField
          label={otherLabel(requirement)}
          placeholder={`Enter ${label}`}
          aria-required={required || undefined}
          {...register(partName(requirement, 'other'))}
        />
      )}
    </>
  );
}

/** Main and sub selects; the value is sent as 'main : sub'. */
export function TierSelectInput({ requirement, required, register, values, error }: RequirementFieldProps) {
  const label = requirement.requirement.label;
  const tiers = tierOptions(requirement);
  const main = values[partName(requirement, 'main')];
  const subs = tiers.find((tier) => tier.label === main)?.options ?? [];
  return (
    <div className="field-row">
      <SelectField
        label={label}
        error={error}
        aria-required={required || undefined}
        placeholder={placeholderOf(requirement, required)}
        options={asOptions(tiers.map((tier) => tier.label))}
        {...register(partName(requirement, 'main'))}
      />
      <SelectField
        label={detailLabel(requirement)}
        aria-required={detailRequired(requirement, required, values) || undefined}
        placeholder={main ? `Enter ${label} detail` : 'Choose the main option first'}
        disabled={subs.length === 0}
        options={asOptions(subs)}
        {...register(partName(requirement, 'sub'))}
      />
    </div>
  );
}

/** The chosen option decides which field group of the form is shown. */
export function GroupSelectInput({ requirement, required, register, error }: RequirementFieldProps) {
  return (
    <SelectField
      label={requirement.requirement.label}
      error={error}
      aria-required={required || undefined}
      placeholder={placeholderOf(requirement, required)}
      options={asOptions(groupOptions(requirement).map((option) => option.label))}
      {...register(fieldName(requirement))}
    />
  );
}

/** Options from the database (POST caller/db_select_options); the id is sent, the server stores the label. */
export function DbSelectInput({ requirement, required, register, error }: RequirementFieldProps) {
  const { options, failed } = useDbOptions(dbSelectSource(requirement));
  return (
    <SelectField
      label={requirement.requirement.label}
      error={error}
      aria-required={required || undefined}
      aria-busy={options === null && !failed ? true : undefined}
      placeholder={
        options === null && !failed ? 'Loading…' : failed ? 'Options unavailable' : placeholderOf(requirement, required)
      }
      options={options ?? []}
      {...register(fieldName(requirement))}
    />
  );
}
