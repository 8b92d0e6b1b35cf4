import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { alerts } from '../app/alerts-store';
import { errorMessage } from './api-error';
import { applyServerChecks, applyServerErrors } from './form-errors';

interface ServerFormOptions<TInput extends FieldValues> {
  defaultValues?: DefaultValues<TInput>;
  /** Form fields that may show the server's 422 messages. */
  fields: readonly Path<TInput>[];
  /** Server field names that differ from the form's (e.g. country -> country_id). */
  fieldMap?: Record<string, Path<TInput>>;
  /** Shows an error no field took; a warning banner unless the form needs another text or level. */
  onOtherError?: (error: unknown) => void;
}

const warn = (error: unknown) => alerts.show(errorMessage(error), 'warning');

/**
 * A zod-validated form that talks to the api: `submitWith(send)` runs `send` with the parsed values;
 * a 422 lands under the matching inputs, anything else becomes one banner. With `check` (the same call, sent
 * check-only), a Submit the browser refuses still shows the server's own errors next to the browser's.
 */
export function useServerForm<TInput extends FieldValues, TOutput>(
  schema: z.ZodType<TOutput, TInput>,
  { defaultValues, fields, fieldMap, onOtherError = warn }: ServerFormOptions<TInput>,
) {
  const form = useForm<TInput, unknown, TOutput>({ resolver: zodResolver(schema), defaultValues });
  const submitWith = (send: (values: TOutput) => Promise<void>, check?: (typed: TInput) => Promise<unknown>) =>
    form.handleSubmit(
      async (values) => {
        try {
          await send(values);
        } catch (error) {
          if (!applyServerErrors(error, form.setError, fields, fieldMap)) onOtherError(error);
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
