import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import { ApiError } from '../../lib/api-error';
import { applyServerErrors } from '../../lib/form-errors';
import { showErrorAlert } from '../../lib/mutation-errors';
import { onboardingFieldKey } from './field-key';

interface OnboardingFormOptions<T extends FieldValues> {
  defaultValues?: DefaultValues<T>;
  /** Form fields that may show the server's 422 messages. */
  fields: readonly Path<T>[];
  /** Mapped keys that still differ from the form's (e.g. agreements_addendum -> addendum). */
  fieldMap?: Record<string, Path<T>>;
  /** Shows an error no field took; a warning banner unless the page needs another text. */
  onOtherError?: (error: unknown) => void;
}

/**
 * A form of the onboarding flow. All content is validated by the server, so there is no resolver:
 * a 422 lands under the inputs after its dotted keys are mapped (`company.name` -> `name`), first message only.
 */
export function useOnboardingForm<T extends FieldValues>({
  defaultValues,
  fields,
  fieldMap = {},
  onOtherError = (error) => showErrorAlert(error),
}: OnboardingFormOptions<T>) {
  const form = useForm<T>({ defaultValues });

  const showErrors = (error: unknown) => {
    const serverMap: Record<string, string> = {};
    if (error instanceof ApiError) {
      for (const key of Object.keys(error.fieldErrors)) {
        const mapped = onboardingFieldKey(key);
        serverMap[key] = fieldMap[mapped] ?? mapped;
      }
    }
    if (!applyServerErrors(error, form.setError, fields, serverMap)) onOtherError(error);
  };

  /**
   * Runs `send` (a mutation saying `handlesErrors`) with the form values; failures go under the fields or to
   * `onOtherError`.
   */
  const submitWith = (send: (values: T) => Promise<void>) =>
    form.handleSubmit(async (values) => {
      form.clearErrors();
      try {
        await send(values);
      } catch (error) {
        showErrors(error);
      }
    });

  return { ...form, submitWith, showErrors };
}
