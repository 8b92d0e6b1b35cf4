import { PASSWORD_RULES_TEXT } from '@casebridge/contracts';
import { TextField } from './fields';
import type { ErrorsFor, RegisterFor } from './form-parts';

type PasswordName = 'password' | 'password_confirmation';

interface PasswordFieldsProps {
  register: RegisterFor<PasswordName>;
  errors: ErrorsFor<PasswordName>;
  /** "Password" on registration, "New Password" when one is replaced; the confirmation reads "Confirm …". */
  label: string;
}

/** A new password with the rules under it, and its confirmation (both required wherever they are shown). */
export function PasswordFields({ register, errors, label }: PasswordFieldsProps) {
  return (
    <>
      <TextField
        label={label}
        type="password"
        autoComplete="new-password"
        aria-required
        error={errors.password}
        hint={
          <ul className="password-rules" aria-label="Password rules">
            {PASSWORD_RULES_TEXT.map((rule) => (
              <li key={rule}>{rule}</li>
            ))}
          </ul>
        }
        {...register('password')}
      />
      <TextField
        label={`Confirm ${label}`}
        type="password"
        autoComplete="new-password"
        aria-required
        error={errors.password_confirmation}
        {...register('password_confirmation')}
      />
    </>
  );
}
