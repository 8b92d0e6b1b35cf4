import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { KEEPS_ALERTS } from '../app/alerts-store';
import { foldText, matchOptions, type ComboboxOption } from './combobox-match';
import './combobox.css';

export type { ComboboxOption } from './combobox-match';

export interface ComboboxProps {
  /** The input's id, for an outside `<label htmlFor>`. */
  id?: string;
  /** Names the input when no label points at it. */
  'aria-label'?: string;
  /** What the options are ("Country"): the list is named "{listLabel} options". */
  listLabel: string;
  options: readonly ComboboxOption[];
  /** The chosen option's value; '' when none is. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  placeholder?: string;
  /** Clearing the text chooses nothing (''), like a select's "Choose One" option. */
  allowEmpty?: boolean;
  disabled?: boolean;
  invalid?: boolean;
  required?: boolean;
  describedBy?: string;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * An editable combobox with list autocomplete (WAI-ARIA APG): typing filters the options, best matches first;
 * arrows, Home and End move through the list, Enter or Tab takes the highlighted option, Escape closes and puts
 * the chosen option back. Focus stays in the input; the highlighted option is its aria-activedescendant.
 */
export function Combobox(props: ComboboxProps) {
  const { options, value, onChange, placeholder, allowEmpty, disabled, inputRef } = props;
  const generated = useId();
  const inputId = props.id ?? generated;
  const listId = `${inputId}-listbox`;
  const optionId = (index: number) => `${inputId}-option-${index}`;
  const chosen = options.find((option) => option.value === value);

  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // The text typed since the list last settled; null while the input shows the chosen option. Mirrored in a ref
  // because a key press and the blur that follows it run before React renders again.
  const [typed, setTypedState] = useState<string | null>(null);
  const typedRef = useRef<string | null>(null);
  const setTyped = (text: string | null) => {
    typedRef.current = text;
    setTypedState(text);
  };
  const shown = useMemo(() => (typed === null ? [...options] : matchOptions(options, typed)), [options, typed]);

  useEffect(() => {
    if (open && active >= 0)
      document.getElementById(`${inputId}-option-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [open, active, inputId]);

  const close = () => {
    setOpen(false);
    setActive(-1);
    setTyped(null);
  };

  const choose = (option: ComboboxOption) => {
    if (option.value !== value) onChange(option.value);
    close();
  };

  /** Opens the list on the chosen option, else on its first or last one. */
  const openAt = (end: 'first' | 'last' | 'none') => {
    const at = shown.findIndex((option) => option.value === value);
    setOpen(true);
    setActive(at >= 0 ? at : end === 'none' ? -1 : end === 'first' ? 0 : shown.length - 1);
  };

  /** Leaving the input: a typed label is that option, an emptied text (where allowed) no choice, else no change. */
  const settle = () => {
    const text = typedRef.current;
    if (text !== null) {
      const needle = foldText(text.trim());
      const exact = options.find((option) => foldText(option.label) === needle);
      if (exact && exact.value !== value) onChange(exact.value);
      else if (!needle && allowEmpty && value !== '') onChange('');
    }
    close();
  };

  const move = (step: number) => {
    if (shown.length === 0) return;
    setActive((index) =>
      index < 0 ? (step > 0 ? 0 : shown.length - 1) : (index + step + shown.length) % shown.length,
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const highlighted = open && active >= 0 ? shown[active] : undefined;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) openAt(event.altKey ? 'none' : 'first');
        else move(1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) openAt('last');
        else if (event.altKey && highlighted) choose(highlighted);
        else move(-1);
        break;
      case 'Home':
      case 'End':
        if (!open || shown.length === 0) return;
        event.preventDefault();
        setActive(event.key === 'Home' ? 0 : shown.length - 1);
        break;
      case 'Enter':
        // A closed list leaves Enter to the form (it submits).
        if (!open) return;
        event.preventDefault();
        if (highlighted) choose(highlighted);
        else settle();
        break;
      case 'Escape':
        // Nothing to undo: the key belongs to the modal around, which closes.
        if (!open && typed === null) return;
        event.preventDefault();
        event.stopPropagation();
        close();
        break;
      case 'Tab':
        if (highlighted) choose(highlighted);
        break;
    }
  };

  const status = !open || typed === null ? '' : shown.length === 0 ? 'No matches' : `${shown.length} options`;
  return (
    <div className="combobox">
      <input
        id={inputId}
        ref={inputRef}
        type="text"
        role="combobox"
        aria-label={props['aria-label']}
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
        aria-invalid={props.invalid || undefined}
        aria-required={props.required || undefined}
        aria-describedby={props.describedBy}
        autoComplete="off"
        spellCheck={false}
        placeholder={placeholder}
        disabled={disabled}
        value={typed ?? chosen?.label ?? ''}
        onChange={(event) => {
          const text = event.target.value;
          setTyped(text);
          setOpen(true);
          setActive(text.trim() && matchOptions(options, text).length > 0 ? 0 : -1);
        }}
        onKeyDown={onKeyDown}
        // The whole choice is selected on entering, so typing replaces it rather than mixing into it.
        onFocus={(event) => event.target.select()}
        onClick={(event) => {
          if (open) return;
          openAt('none');
          // A click's mouseup undoes the selection made on focus.
          event.currentTarget.select();
        }}
        onBlur={() => {
          settle();
          props.onBlur?.();
        }}
      />
      {/* For the mouse only: the keyboard opens the list with the arrows, so the button stays out of the way. */}
      <button
        type="button"
        className="combobox-toggle"
        tabIndex={-1}
        aria-hidden="true"
        disabled={disabled}
        {...{ [KEEPS_ALERTS]: '' }}
        // Focus stays in the input, where the keyboard works the list.
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => {
          if (open) close();
          else openAt('none');
          document.getElementById(inputId)?.focus();
        }}
      >
        ▾
      </button>
      <ul
        id={listId}
        role="listbox"
        aria-label={`${props.listLabel} options`}
        className="combobox-listbox"
        hidden={!open || shown.length === 0}
        onMouseDown={(event) => event.preventDefault()}
      >
        {open &&
          shown.map((option, index) => (
            <li
              key={option.value}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className={index === active ? 'combobox-option combobox-option-active' : 'combobox-option'}
              onClick={() => choose(option)}
              onMouseMove={() => index !== active && setActive(index)}
            >
              <span className="combobox-check" aria-hidden="true">
                {option.value === value ? '✓' : ''}
              </span>
              {option.label}
            </li>
          ))}
      </ul>
      {open && shown.length === 0 && <div className="combobox-empty">No matches</div>}
      <span className="visually-hidden" aria-live="polite">
        {status}
      </span>
    </div>
  );
}
