import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '../../ui/fields';

/** The password the account has now, asked (and then required) before its e-mail address or password changes. */
export function CurrentPasswordField({
  registration,
  error,
  hint,
}: {
  registration: UseFormRegisterReturn<'current_password'>;
  error?: FieldError;
  hint: string;
}) {
  return (
    <TextField
      label="Current Password"
      type="password"
      autoComplete="current-password"
      aria-required
      error={error}
      hint={hint}
      {...registration}
    />
  );
}
