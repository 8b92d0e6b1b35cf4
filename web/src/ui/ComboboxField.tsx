import { useId, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Combobox } from './Combobox';
import { describedBy, errorText, FieldShell, isRequired } from './fields';

type FieldError = { message?: string };
type Choice = { value: string | number; label: string };

/** What `register(name)` hands a field, `ref` included (React 19 passes it as a prop). */
type Registration = Omit<UseFormRegisterReturn, 'ref'> & { ref: UseFormRegisterReturn['ref'] };

interface RegisteredComboboxProps extends Registration {
  options: readonly Choice[];
  /** Offers "no choice" (''), as a select's first, empty option did; shown while nothing is chosen. */
  placeholder?: string;
  /** The input's id (its label points at it); else `aria-label` names it. */
  id?: string;
  'aria-label'?: string;
  listLabel: string;
  error?: FieldError | string;
  hint?: ReactNode;
  'aria-required'?: boolean | 'true' | 'false';
}

/**
 * A combobox that takes `{...register(name)}` in place of a `<select>`. The form still reads and writes a native
 * select (hidden), so what it submits is exactly what the select submitted: the option's value as a string,
 * through the field's setValueAs / valueAsNumber, '' for the empty option, and the select's own fallback when a
 * value is not among the options. Values the form writes (defaults, reset, setValue) show in the combobox.
 */
export function RegisteredCombobox(props: RegisteredComboboxProps) {
  const { name, onChange, onBlur, ref, options, placeholder, disabled, error, hint } = props;
  const selectRef = useRef<HTMLSelectElement | null>(null);
  const inputRef = useRef<HTMLInputElement | null>(null);
  const [value, setValue] = useState('');

  // What react-hook-form holds as the field's element (a "custom register"): the select's value, the visible
  // input's focus (errors focus it), and a setter that also shows what the form writes.
  const field = useMemo(
    () => ({
      name,
      type: 'combobox',
      get value(): string {
        return selectRef.current?.value ?? '';
      },
      set value(next: unknown) {
        const select = selectRef.current;
        if (!select) return;
        select.value = next === null || next === undefined ? '' : String(next);
        setValue(select.value);
      },
      focus: () => inputRef.current?.focus(),
    }),
    [name],
  );

  // Options that arrive or change can change what the select holds (as they would a visible select).
  const optionsKey = options.map((option) => option.value).join('\u0000');
  useLayoutEffect(() => {
    if (selectRef.current) setValue(selectRef.current.value);
  }, [optionsKey, placeholder]);

  const choose = (next: string) => {
    field.value = next;
    void onChange({ target: field, type: 'change' });
  };

  const choices = options.map((option) => ({ value: String(option.value), label: option.label }));
  return (
    <>
      <select
        hidden
        aria-hidden="true"
        tabIndex={-1}
        disabled={disabled}
        ref={(select) => {
          selectRef.current = select;
          ref(select ? field : null);
        }}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {choices.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <Combobox
        id={props.id}
        aria-label={props['aria-label']}
        listLabel={props.listLabel}
        inputRef={inputRef}
        options={choices}
        value={value}
        onChange={choose}
        onBlur={() => void onBlur({ target: field, type: 'blur' })}
        placeholder={placeholder}
        allowEmpty={placeholder !== undefined}
        disabled={disabled}
        invalid={!!errorText(error)}
        required={isRequired(props)}
        describedBy={props.id ? describedBy(props.id, error, hint) : undefined}
      />
    </>
  );
}

type ComboboxFieldProps = Omit<RegisteredComboboxProps, 'listLabel' | 'aria-label'> & { label: string };

/** A labelled form field with a searchable list of options: the drop-in for SelectField on long lists. */
export function ComboboxField({ label, id, error, hint, ...rest }: ComboboxFieldProps) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <FieldShell id={fieldId} label={label} error={error} hint={hint} required={isRequired(rest)}>
      <RegisteredCombobox id={fieldId} listLabel={label} error={error} hint={hint} {...rest} />
    </FieldShell>
  );
}
