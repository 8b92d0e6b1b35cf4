import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { TextField } from '../../../ui/fields';

interface MailValues {
  collaborate_email?: unknown;
  collaborate_cc_email?: unknown;
}

/**
 * Where a process's new cases are mailed: one address and its copies. Shared by the company admin's Process Details
 * and the back office's editor, which name the first field differently ("To Email", "Collaborate Email").
 */
export function ProcessMailFields<T extends MailValues>({
  register,
  errors,
  toLabel,
}: {
  register: UseFormRegister<T>;
  errors: FieldErrors<MailValues>;
  toLabel: string;
}) {
  // Both forms' values have these fields; the cast lets one component serve them.
  const field = register as unknown as UseFormRegister<MailValues>;
  return (
    <>
      <TextField label={toLabel} type="email" error={errors.collaborate_email} {...field('collaborate_email')} />
      <TextField
        label="CC Email"
        hint="Separate several addresses with commas."
        error={errors.collaborate_cc_email}
        {...field('collaborate_cc_email')}
      />
    </>
  );
}
