import { CheckboxField } from './fields';
import type { ErrorsFor, RegisterFor } from './form-parts';

/** The privacy-policy tick (agree_confirm) every form that asks for consent shows. */
export function AgreementField({
  register,
  errors,
}: {
  register: RegisterFor<'agree_confirm'>;
  errors: ErrorsFor<'agree_confirm'>;
}) {
  return (
    <CheckboxField
      label="I agree to the terms of the privacy policy."
      error={errors.agree_confirm}
      {...register('agree_confirm')}
    />
  );
}
