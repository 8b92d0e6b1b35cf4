import type { FieldError, FieldErrors, FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { SelectField } from '../../../ui/fields';

interface ContactField<T> {
  name: Path<T>;
  label: string;
}

/**
 * A process's main and alternate escalation contacts, chosen among the company's users (escalationUserOptions).
 * The company admin's Process Details and the back office's editor store them under different names and labels;
 * the back office shows no alternate for a limited company.
 */
export function EscalationContactFields<T extends FieldValues>({
  register,
  errors,
  options,
  main,
  alternate,
}: {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  options: readonly { value: string | number; label: string }[];
  main: ContactField<T>;
  alternate: ContactField<T> | null;
}) {
  const errorOf = (field: ContactField<T>) => errors[field.name] as FieldError | undefined;
  return (
    <div className="field-row">
      <SelectField label={main.label} options={options} error={errorOf(main)} {...register(main.name)} />
      {alternate && (
        <SelectField
          label={alternate.label}
          options={options}
          error={errorOf(alternate)}
          {...register(alternate.name)}
        />
      )}
    </div>
  );
}
