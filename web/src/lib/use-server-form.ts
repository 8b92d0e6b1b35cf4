import { useForm, type DefaultValues, type FieldValues, type Path, type UseFormSetError } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { applyServerChecks, applyServerErrors } from './form-errors';
import { showErrorAlert, type ErrorAlertKind } from './mutation-errors';

interface ServerFormOptions<TInput extends FieldValues> {
  defaultValues?: DefaultValues<TInput>;
  /** Form fields that may show the server's 422 messages. */
  fields: readonly Path<TInput>[];
  /** Server field names that differ from the form's (e.g. country -> country_id). */
  fieldMap?: Record<string, Path<TInput>>;
  /** The banner kind of an error no field took (the server's message): 'warning' unless the form's are errors. */
  errorAlert?: ErrorAlertKind;
  /** Shows an error no field took, when the form needs another text than the server's (replaces errorAlert). */
  onOtherError?: (error: unknown) => void;
}

/**
 * A form's failed send: the server's 422 messages go under the matching inputs, anything else to `onOtherError`
 * (a warning banner by default). For a form's mutation that reports its own errors (`handlesErrors`).
 */
export function reportFormError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
  {
    fieldMap,
    onOtherError = (other) => showErrorAlert(other),
  }: { fieldMap?: Record<string, string>; onOtherError?: (error: unknown) => void } = {},
): void {
  if (!applyServerErrors(error, setError, fields, fieldMap)) onOtherError(error);
}

/**
 * A zod-validated form that talks to the api: `submitWith(send)` runs `send` with the parsed values;
 * a 422 lands under the matching inputs, anything else becomes one banner. With `check` (the same call, sent
 * check-only), a Submit the browser refuses still shows the server's own errors next to the browser's.
 * `send` is usually a mutation's mutateAsync: that mutation says `handlesErrors`, since the form reports failures.
 */
export function useServerForm<TInput extends FieldValues, TOutput>(
  schema: z.ZodType<TOutput, TInput>,
  {
    defaultValues,
    fields,
    fieldMap,
    errorAlert,
    onOtherError = (error) => showErrorAlert(error, errorAlert),
  }: ServerFormOptions<TInput>,
) {
  const form = useForm<TInput, unknown, TOutput>({ resolver: zodResolver(schema), defaultValues });
  const submitWith = (send: (values: TOutput) => Promise<unknown>, check?: (typed: TInput) => Promise<unknown>) =>
    form.handleSubmit(
      async (values) => {
        try {
          await send(values);
        } catch (error) {
          reportFormError(error, form.setError, fields, { fieldMap, onOtherError });
        }
      },
      async (browserErrors) => {
        if (!check) return;
        const typed = form.getValues();
        await applyServerChecks(() => check(typed), form.setError, fields, Object.keys(browserErrors), fieldMap);
      },
    );
  return { ...form, submitWith };
}
