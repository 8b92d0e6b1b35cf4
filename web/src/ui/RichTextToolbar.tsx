import { useRef, useState, type KeyboardEvent } from 'react';
import { useEditorState, type Editor } from '@tiptap/react';

type Action = 'bold' | 'italic' | 'bulletList' | 'orderedList' | 'link' | 'clear';
type Toggle = Exclude<Action, 'clear'>;

/**
 * Formatting offered by the toolbar: what support texts need, nothing that could carry script. The name contains
 * the visible text, so a voice user can say what they see (axe: label-content-name-mismatch).
 */
const BUTTONS: { action: Action; text: string; name: string }[] = [
  { action: 'bold', text: 'B', name: 'Bold' },
  { action: 'italic', text: 'I', name: 'Italic' },
  { action: 'bulletList', text: 'Bulleted list', name: 'Bulleted list' },
  { action: 'orderedList', text: 'Numbered list', name: 'Numbered list' },
  { action: 'link', text: 'Link', name: 'Link' },
  { action: 'clear', text: 'Clear', name: 'Clear formatting' },
];

interface RichTextToolbarProps {
  editor: Editor | null;
  disabled?: boolean;
  /** The id of the editable region the toolbar formats. */
  controls: string;
  linkFormId: string;
  linkOpen: boolean;
  onLink: () => void;
}

/**
 * The editor's toolbar (WAI-ARIA toolbar pattern): one tab stop, arrow keys, Home and End move between buttons.
 * A button keeps the editor's selection (mouse down does not take the focus) and gives the focus back after acting.
 */
export function RichTextToolbar({ editor, disabled, controls, linkFormId, linkOpen, onLink }: RichTextToolbarProps) {
  const [current, setCurrent] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  // Re-renders on a transaction only when one of these changes (useEditor alone does not re-render).
  const active = useEditorState({
    editor,
    selector: ({ editor: shown }): Record<Toggle, boolean> | null =>
      shown && {
        bold: shown.isActive('bold'),
        italic: shown.isActive('italic'),
        bulletList: shown.isActive('bulletList'),
        orderedList: shown.isActive('orderedList'),
        link: shown.isActive('link'),
      },
  });
  const inactive = disabled || !editor;

  const run = (action: Action) => {
    if (!editor || disabled) return;
    if (action === 'link') return onLink();
    const chain = editor.chain().focus();
    switch (action) {
      case 'bold':
        return void chain.toggleBold().run();
      case 'italic':
        return void chain.toggleItalic().run();
      case 'bulletList':
        return void chain.toggleBulletList().run();
      case 'orderedList':
        return void chain.toggleOrderedList().run();
      case 'clear':
        return void chain.unsetAllMarks().clearNodes().run();
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = BUTTONS.length - 1;
    const moves: Record<string, number> = {
      ArrowRight: current === last ? 0 : current + 1,
      ArrowLeft: current === 0 ? last : current - 1,
      Home: 0,
      End: last,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    setCurrent(next);
    buttons.current[next]?.focus();
  };

  return (
    <div
      className="rich-text-toolbar"
      role="toolbar"
      aria-label="Formatting"
      aria-controls={controls}
      onKeyDown={onKeyDown}
    >
      {BUTTONS.map((item, index) => (
        <button
          key={item.action}
          ref={(node) => {
            buttons.current[index] = node;
          }}
          type="button"
          className={`button button-secondary button-small rich-text-button-${item.action}`}
          title={item.name}
          aria-label={item.name}
          aria-pressed={item.action === 'clear' ? undefined : (active?.[item.action] ?? false)}
          aria-expanded={item.action === 'link' ? linkOpen : undefined}
          aria-controls={item.action === 'link' && linkOpen ? linkFormId : undefined}
          tabIndex={index === current ? 0 : -1}
          disabled={inactive}
          onFocus={() => setCurrent(index)}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => run(item.action)}
        >
          {item.text}
        </button>
      ))}
    </div>
  );
}
