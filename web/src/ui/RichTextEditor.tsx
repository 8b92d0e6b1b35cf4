import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { EditorContent, Extension, useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Link from '@tiptap/extension-link';
import { describedBy, errorText, FieldShell } from './fields';
import { LinkForm } from './LinkForm';
import { RichTextToolbar } from './RichTextToolbar';

type FieldError = { message?: string };

interface RichTextEditorProps {
  label: ReactNode;
  /** HTML; the server sanitizes it on save, so the editor only has to produce plain formatting. */
  value: string | null | undefined;
  onChange: (html: string) => void;
  error?: FieldError | string;
  hint?: ReactNode;
  disabled?: boolean;
  /** Marks the label and says "required" on the editor (aria-required). */
  required?: boolean;
  id?: string;
}

/** Schemes a stored link may keep (the server's list); an address without a scheme is a placeholder such as {{link}}. */
const STORED_SCHEMES = ['http', 'https', 'mailto', 'tel'];

function isAllowedHref(href: string): boolean {
  // Browsers ignore whitespace and control characters inside a scheme ("java\nscript:").
  // eslint-disable-next-line no-control-regex
  const compact = href.replace(/[\s\u0000-\u001f]/g, '');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact)?.[1];
  return scheme === undefined || STORED_SCHEMES.includes(scheme.toLowerCase());
}

/**
 * What the editor can hold: paragraphs, hard breaks, bold, italic, lists and links, with undo/redo. Headings, code,
 * quotes, rules, strike and underline are off: the toolbar offers none of them, so Markdown shortcuts ("# ", "> ",
 * "---") would make formatting nobody can see how to undo. The trailing empty paragraph is off too (noise in the HTML).
 */
function editorExtensions(openLinkForm: () => void) {
  return [
    StarterKit.configure({
      heading: false,
      codeBlock: false,
      code: false,
      blockquote: false,
      horizontalRule: false,
      strike: false,
      underline: false,
      trailingNode: false,
      link: false,
    }),
    Link.configure({
      openOnClick: false,
      autolink: true,
      linkOnPaste: true,
      defaultProtocol: 'https',
      // linkify's own schemes (http, https, mailto) need no registration; isAllowedUri decides what stays a link.
      protocols: [],
      isAllowedUri: isAllowedHref,
      HTMLAttributes: { rel: 'noopener noreferrer nofollow', target: '_blank' },
    }),
    Extension.create({
      name: 'linkShortcut',
      addKeyboardShortcuts: () => ({
        'Mod-k': () => {
          openLinkForm();
          return true;
        },
      }),
    }),
  ];
}

/** The editor's HTML, or '' when it shows no text (an emptied editor keeps an empty paragraph). */
function htmlOf(editor: Editor): string {
  return editor.state.doc.textContent.trim() ? editor.getHTML() : '';
}

/**
 * A small rich-text field (TipTap with a toolbar) that works with react-hook-form's Controller.
 * The document is replaced only when the value changes from outside (reset, data loaded), so typing never moves
 * the caret, and that replacement emits no change (the form does not turn dirty by itself).
 */
export function RichTextEditor({ label, value, onChange, error, hint, disabled, required, id }: RichTextEditorProps) {
  const generated = useId();
  const fieldId = id ?? generated;
  const linkFormId = `${fieldId}-link`;
  const [linkOpen, setLinkOpen] = useState(false);
  // A fixed option: useEditor re-applies its options whenever one of them is a new value.
  const [initialContent] = useState(() => value ?? '');
  // The last HTML sent to onChange or received from value: the value coming back from the form is not reapplied.
  const lastKnown = useRef(initialContent);
  const openLinkForm = useRef(() => {});
  const [extensions] = useState(() => editorExtensions(() => openLinkForm.current()));

  const message = errorText(error);
  const description = describedBy(fieldId, error, hint);
  // A new object only when an attribute changes: useEditor compares options by reference.
  const editorProps = useMemo(() => {
    const attributes: Record<string, string> = {
      id: fieldId,
      class: 'rich-text-area',
      'aria-labelledby': `${fieldId}-label`,
      'aria-multiline': 'true',
    };
    if (description) attributes['aria-describedby'] = description;
    if (message) attributes['aria-invalid'] = 'true';
    if (disabled) attributes['aria-readonly'] = 'true';
    if (required) attributes['aria-required'] = 'true';
    return { attributes };
  }, [fieldId, description, message, disabled, required]);

  const editor = useEditor({
    // Created after the first render (no SSR here, but nothing assumes the editor exists before it).
    immediatelyRender: false,
    extensions,
    content: initialContent,
    editable: !disabled,
    editorProps,
    onUpdate: ({ editor: changed }) => {
      const html = htmlOf(changed);
      lastKnown.current = html;
      onChange(html);
    },
  });

  useEffect(() => {
    if (!editor) return;
    const html = value ?? '';
    if (html === lastKnown.current) return;
    lastKnown.current = html;
    // Outside the undo history: Ctrl+Z does not bring back what a form reset replaced.
    editor.chain().setMeta('addToHistory', false).setContent(html, { emitUpdate: false }).run();
  }, [editor, value]);

  useEffect(() => {
    if (!editor) return;
    editor.setEditable(!disabled, false);
    if (disabled) setLinkOpen(false);
  }, [editor, disabled]);

  useEffect(() => {
    openLinkForm.current = () => {
      if (!disabled) setLinkOpen(true);
    };
  }, [disabled]);

  const closeLinkForm = () => {
    setLinkOpen(false);
    editor?.commands.focus();
  };

  return (
    <FieldShell id={fieldId} label={label} error={error} hint={hint} required={required}>
      <div className={disabled ? 'rich-text-editor rich-text-editor-disabled' : 'rich-text-editor'}>
        <RichTextToolbar
          editor={editor}
          disabled={disabled}
          controls={fieldId}
          linkFormId={linkFormId}
          linkOpen={linkOpen}
          onLink={() => (linkOpen ? closeLinkForm() : setLinkOpen(true))}
        />
        {editor && linkOpen && <LinkForm editor={editor} id={linkFormId} onClose={closeLinkForm} />}
        <EditorContent editor={editor} />
      </div>
    </FieldShell>
  );
}

interface RichTextControlProps<TValues extends FieldValues, TOutput> {
  control: Control<TValues, unknown, TOutput>;
  name: Path<TValues>;
  label: ReactNode;
  hint?: ReactNode;
  required?: boolean;
}

/** A RichTextEditor bound to a react-hook-form field (value, change and the field's error). */
export function RichTextControl<TValues extends FieldValues, TOutput>({
  control,
  name,
  label,
  hint,
  required,
}: RichTextControlProps<TValues, TOutput>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <RichTextEditor
          label={label}
          hint={hint}
          required={required}
          value={field.value as string | null}
          onChange={field.onChange}
          error={fieldState.error}
        />
      )}
    />
  );
}
