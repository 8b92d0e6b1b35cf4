import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
/** A react-hook-form error (or a plain text); only its message is shown. */
type FieldError = { message?: string };

interface FieldShellProps {
  id: string;
  label: ReactNode;
  error?: FieldError | string;
  hint?: ReactNode;
  /** Marks the label from the first render (the input itself carries aria-required). */
  required?: boolean;
  children: ReactNode;
}

export function errorText(error?: FieldError | string): string | undefined {
  return typeof error === 'string' ? error : error?.message;
}

export function FieldShell({ id, label, error, hint, required, children }: FieldShellProps) {
  const message = errorText(error);
  return (
    <div className={message ? 'field field-invalid' : 'field'}>
      <FieldLabel required={required}>
        {/* The id names widgets a <label for> cannot label (a contenteditable textbox names itself by it). */}
        <label htmlFor={id} id={`${id}-label`}>
          {label}
        </label>
      </FieldLabel>
      {children}
      <FieldNotes id={id} hint={hint} error={message} />
    </div>
  );
}

/**
 * A label, and after it (outside it, hidden from assistive technology) the mark of a required field: the label's
 * text and the input's accessible name stay the field's name; the input says "required" by its aria-required.
 */
export function FieldLabel({ required, children }: { required?: boolean; children: ReactNode }) {
  if (!required) return <>{children}</>;
  return (
    <div className="field-label-row">
      {children}
      <span className="field-required-mark" aria-hidden="true" title="Required">
        *
      </span>
    </div>
  );
}

/** Whether an input's props declare it required (the native attribute or aria-required). */
export function isRequired(input: { required?: boolean; 'aria-required'?: boolean | 'true' | 'false' }): boolean {
  return Boolean(input.required) || input['aria-required'] === true || input['aria-required'] === 'true';
}

/** The hint and the error under an input, with the ids its `aria-describedby` names (`{id}-hint`, `{id}-error`). */
export function FieldNotes({ id, hint, error }: { id: string; hint?: ReactNode; error?: string | null }) {
  return (
    <>
      {hint && (
        <div className="field-hint" id={`${id}-hint`}>
          {hint}
        </div>
      )}
      {error && (
        <div className="field-error" id={`${id}-error`} role="alert">
          {error}
        </div>
      )}
    </>
  );
}

export function describedBy(id: string, error?: FieldError | string, hint?: ReactNode): string | undefined {
  const ids = [hint ? `${id}-hint` : null, errorText(error) ? `${id}-error` : null].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: ReactNode;
  error?: FieldError | string;
  hint?: ReactNode;
};

export function TextField({ label, error, hint, id, ...input }: TextFieldProps) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <FieldShell id={fieldId} label={label} error={error} hint={hint} required={isRequired(input)}>
      <input
        id={fieldId}
        aria-invalid={errorText(error) ? true : undefined}
        aria-describedby={describedBy(fieldId, error, hint)}
        {...input}
      />
    </FieldShell>
  );
}

type TextAreaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: ReactNode;
  error?: FieldError | string;
};

export function TextAreaField({ label, error, id, ...textarea }: TextAreaFieldProps) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <FieldShell id={fieldId} label={label} error={error} required={isRequired(textarea)}>
      <textarea
        id={fieldId}
        aria-invalid={errorText(error) ? true : undefined}
        aria-describedby={describedBy(fieldId, error)}
        {...textarea}
      />
    </FieldShell>
  );
}

type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: ReactNode;
  error?: FieldError | string;
  options: readonly { value: string | number; label: string }[];
  placeholder?: string;
};

export function SelectField({ label, error, id, options, placeholder, ...select }: SelectFieldProps) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <FieldShell id={fieldId} label={label} error={error} required={isRequired(select)}>
      <select
        id={fieldId}
        aria-invalid={errorText(error) ? true : undefined}
        aria-describedby={describedBy(fieldId, error)}
        {...select}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

type CheckboxFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: ReactNode;
  error?: FieldError | string;
};

export function CheckboxField({ label, error, id, ...input }: CheckboxFieldProps) {
  const generated = useId();
  const fieldId = id ?? generated;
  const message = errorText(error);
  return (
    <div className={message ? 'field field-check field-invalid' : 'field field-check'}>
      <input
        type="checkbox"
        id={fieldId}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${fieldId}-error` : undefined}
        {...input}
      />
      <label htmlFor={fieldId}>{label}</label>
      <FieldNotes id={fieldId} error={message} />
    </div>
  );
}
