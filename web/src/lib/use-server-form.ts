import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { alerts } from '../app/alerts-store';
import { errorMessage } from './api-error';
import { applyServerErrors } from './form-errors';

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
 * a 422 lands under the matching inputs, anything else becomes one banner.
 */
export function useServerForm<TInput extends FieldValues, TOutput>(
  schema: z.ZodType<TOutput, TInput>,
  { defaultValues, fields, fieldMap, onOtherError = warn }: ServerFormOptions<TInput>,
) {
  const form = useForm<TInput, unknown, TOutput>({ resolver: zodResolver(schema), defaultValues });
  const submitWith = (send: (values: TOutput) => Promise<void>) =>
    form.handleSubmit(async (values) => {
      try {
        await send(values);
      } catch (error) {
        if (!applyServerErrors(error, form.setError, fields, fieldMap)) onOtherError(error);
      }
    });
  return { ...form, submitWith };
}
