import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { Editor } from '@tiptap/react';
import { FieldNotes } from './fields';

/** The address typed, trimmed, when it is an http(s) page or a mailto: address; null otherwise. */
export function checkedLinkAddress(text: string): string | null {
  const address = text.trim();
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  if ((url.protocol === 'http:' || url.protocol === 'https:') && url.hostname) return address;
  if (url.protocol === 'mailto:' && /^mailto:[^@\s]+@[^@\s]+$/i.test(address)) return address;
  return null;
}

interface LinkFormProps {
  editor: Editor;
  id: string;
  /** Closes the form; the caller puts the focus back in the editor. */
  onClose: () => void;
}

/**
 * The link address of the selection, typed in the toolbar instead of a window.prompt. It is a group, not a <form>:
 * it sits inside the page's form, so Enter is handled here and never submits the page.
 */
export function LinkForm({ editor, id, onClose }: LinkFormProps) {
  const input = useRef<HTMLInputElement>(null);
  const inLink = editor.isActive('link');
  const [address, setAddress] = useState<string>(() => (inLink ? (editor.getAttributes('link').href ?? '') : ''));
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);

  const apply = () => {
    const href = checkedLinkAddress(address);
    if (!href) {
      setError('Enter an address starting with https://, http:// or mailto:.');
      input.current?.focus();
      return;
    }
    const chain = editor.chain().focus();
    if (editor.isActive('link')) {
      chain.extendMarkRange('link').setLink({ href }).run();
    } else if (editor.state.selection.empty) {
      // Nothing selected: the address itself becomes the linked text.
      const text = href.replace(/^mailto:/i, '');
      chain.insertContent({ type: 'text', text, marks: [{ type: 'link', attrs: { href } }] }).run();
    } else {
      chain.setLink({ href }).run();
    }
    onClose();
  };

  const remove = () => {
    editor.chain().focus().extendMarkRange('link').unsetLink().run();
    onClose();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      // Also keeps a surrounding dialog open: Escape closes only this form.
      event.preventDefault();
      event.stopPropagation();
      onClose();
    } else if (event.key === 'Enter' && event.target === input.current) {
      event.preventDefault();
      apply();
    }
  };

  return (
    <div className="rich-text-link-form" id={id} role="group" aria-label="Link" onKeyDown={onKeyDown}>
      <div className="field">
        <label htmlFor={`${id}-address`}>Link address</label>
        <input
          ref={input}
          id={`${id}-address`}
          // Not type="url": the page's own form would then validate it natively on submit.
          type="text"
          inputMode="url"
          placeholder="https://"
          autoComplete="off"
          value={address}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => {
            setAddress(event.target.value);
            setError(null);
          }}
        />
        <FieldNotes id={id} error={error} />
      </div>
      <div className="rich-text-link-actions">
        <button type="button" className="button button-small" onClick={apply}>
          Apply
        </button>
        {inLink && (
          <button type="button" className="button button-secondary button-small" onClick={remove}>
            Remove
          </button>
        )}
        <button type="button" className="button button-secondary button-small" onClick={onClose}>
          Cancel
        </button>
      </div>
    </div>
  );
}
