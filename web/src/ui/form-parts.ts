import type { UseFormRegisterReturn } from 'react-hook-form';

/** A react-hook-form error; only its message is shown. */
export type FieldError = { message?: string };

/**
 * The slice of react-hook-form's `register` a shared field group needs, so any form holding
 * those fields can pass its own `register` without the group knowing the whole form type.
 */
export type RegisterFor<N extends string> = <K extends N>(
  name: K,
  options?: { setValueAs?: (value: unknown) => unknown },
) => UseFormRegisterReturn<K>;

/** The errors of those fields, as react-hook-form's `formState.errors` holds them. */
export type ErrorsFor<N extends string> = Partial<Record<N, FieldError>>;
