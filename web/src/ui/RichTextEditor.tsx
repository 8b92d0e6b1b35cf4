import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { describedBy, errorText, FieldShell } from './fields';

type FieldError = { message?: string };

interface RichTextEditorProps {
  label: ReactNode;
  /** HTML; the server sanitizes it on save, so the editor only has to produce plain formatting. */
  value: string | null | undefined;
  onChange: (html: string) => void;
  error?: FieldError | string;
  hint?: ReactNode;
  disabled?: boolean;
  id?: string;
}

/**
 * Formatting offered by the toolbar: what support texts need, nothing that could carry script. The name (title)
 * contains the visible text, so a voice user can say what they see (axe: label-content-name-mismatch).
 */
const COMMANDS: { command: string; label: string; title: string }[] = [
  { command: 'bold', label: 'B', title: 'Bold' },
  { command: 'italic', label: 'I', title: 'Italic' },
  { command: 'insertUnorderedList', label: 'Bulleted list', title: 'Bulleted list' },
  { command: 'insertOrderedList', label: 'Numbered list', title: 'Numbered list' },
  { command: 'createLink', label: 'Link', title: 'Link' },
  { command: 'removeFormat', label: 'Clear', title: 'Clear formatting' },
];

/**
 * A small rich-text field (contenteditable with a toolbar) that works with react-hook-form's Controller.
 * The DOM is written only when the value changes from outside, so typing never moves the caret.
 */
export function RichTextEditor({ label, value, onChange, error, hint, disabled, id }: RichTextEditorProps) {
  const generated = useId();
  const fieldId = id ?? generated;
  const editor = useRef<HTMLDivElement>(null);
  const lastEmitted = useRef<string | null>(null);

  useEffect(() => {
    const node = editor.current;
    const html = value ?? '';
    if (node && html !== lastEmitted.current && node.innerHTML !== html) node.innerHTML = html;
  }, [value]);

  const emit = () => {
    const html = editor.current?.innerHTML ?? '';
    // An editor emptied by the user leaves "<br>" behind; treat it as empty.
    const hasContent = Boolean(editor.current?.textContent?.trim());
    const cleaned = hasContent ? html : '';
    lastEmitted.current = cleaned;
    onChange(cleaned);
  };

  const run = (command: string) => {
    if (disabled) return;
    editor.current?.focus();
    if (command === 'createLink') {
      const url = window.prompt('Link address (https://...)');
      if (!url || !/^(https?:|mailto:)/i.test(url.trim())) return;
      document.execCommand(command, false, url.trim());
    } else {
      document.execCommand(command);
    }
    emit();
  };

  return (
    <FieldShell id={fieldId} label={label} error={error} hint={hint}>
      <div className="rich-text-editor">
        <div className="rich-text-toolbar" role="toolbar" aria-label="Formatting">
          {COMMANDS.map((item) => (
            <button
              key={item.command}
              type="button"
              className="button-secondary button-small"
              title={item.title}
              aria-label={item.title}
              disabled={disabled}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => run(item.command)}
            >
              {item.label}
            </button>
          ))}
        </div>
        <div
          ref={editor}
          id={fieldId}
          className="rich-text-area"
          role="textbox"
          aria-labelledby={`${fieldId}-label`}
          aria-multiline="true"
          aria-invalid={errorText(error) ? true : undefined}
          aria-describedby={describedBy(fieldId, error, hint)}
          contentEditable={!disabled}
          suppressContentEditableWarning
          onInput={emit}
          onBlur={emit}
        />
      </div>
    </FieldShell>
  );
}

interface RichTextControlProps<TValues extends FieldValues, TOutput> {
  control: Control<TValues, unknown, TOutput>;
  name: Path<TValues>;
  label: ReactNode;
  hint?: ReactNode;
}

/** A RichTextEditor bound to a react-hook-form field (value, change and the field's error). */
export function RichTextControl<TValues extends FieldValues, TOutput>({
  control,
  name,
  label,
  hint,
}: RichTextControlProps<TValues, TOutput>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <RichTextEditor
          label={label}
          hint={hint}
          value={field.value as string | null}
          onChange={field.onChange}
          error={fieldState.error}
        />
      )}
    />
  );
}
