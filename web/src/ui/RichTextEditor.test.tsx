import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { RichTextControl, RichTextEditor } from './RichTextEditor';

interface Values {
  notes: string;
}

/** A react-hook-form form holding one rich-text field, bound the way the app's pages bind it. */
function renderForm(notes: string): UseFormReturn<Values> {
  const holder: { form?: UseFormReturn<Values> } = {};
  function Form() {
    const form = useForm<Values>({ defaultValues: { notes } });
    holder.form = form;
    // Read during render: react-hook-form then tracks the dirty state.
    void form.formState.isDirty;
    return <RichTextControl control={form.control} name="notes" label="Notes" />;
  }
  render(<Form />);
  return holder.form!;
}

const area = () => screen.getByRole('textbox', { name: 'Notes' });
const paragraph = (index = 0) => area().querySelectorAll('p')[index];

/** Puts the DOM selection on a text node; ProseMirror reads it on selectionchange, as in a browser. */
function select(node: Node, from: number, to = from) {
  document.getSelection()!.setBaseAndExtent(node, from, node, to);
  document.dispatchEvent(new Event('selectionchange'));
}

/**
 * Typing as a browser does it: the text changes in the DOM with the caret in it, and ProseMirror reads the change
 * back from its mutation observer (which runs after the change, hence the awaited act).
 */
async function typeInto(change: () => Node, caret: number) {
  area().focus();
  await act(async () => {
    select(change(), caret);
  });
}

/** The text node a paragraph starts with, created when the paragraph is empty. */
function firstText(index = 0): Text {
  const block = paragraph(index);
  if (block.firstChild instanceof Text) return block.firstChild;
  const text = document.createTextNode('');
  block.insertBefore(text, block.firstChild);
  return text;
}

function selectText(text: string) {
  const node = firstText();
  const start = node.data.indexOf(text);
  act(() => {
    area().focus();
    select(node, start, start + text.length);
  });
}

function click(name: string) {
  const button = screen.getByRole('button', { name });
  // As a mouse does: the toolbar's mouse down must not take the focus (and the selection) from the editor.
  const kept = fireEvent.mouseDown(button);
  act(() => button.click());
  return kept;
}

afterEach(cleanup);

describe('RichTextEditor', () => {
  it('emits the HTML typed, and the value coming back from the form leaves the caret where it is', async () => {
    const form = renderForm('');
    await typeInto(() => {
      const text = firstText();
      text.data = 'Hello';
      return text;
    }, 2);
    expect(form.getValues('notes')).toBe('<p>Hello</p>');
    expect(form.formState.isDirty).toBe(true);
    // Replacing the document with the same HTML would have put the caret at its end.
    expect(document.getSelection()?.anchorOffset).toBe(2);

    await typeInto(() => {
      const text = firstText();
      text.data = 'Heyllo';
      return text;
    }, 3);
    expect(form.getValues('notes')).toBe('<p>Heyllo</p>');
  });

  it("emits '' when the text is deleted, not an empty paragraph", async () => {
    const form = renderForm('<p>Stored <strong>note</strong></p>');
    await typeInto(() => {
      const block = paragraph();
      block.replaceChildren(document.createTextNode(''));
      return block.firstChild!;
    }, 0);
    expect(area().textContent).toBe('');
    expect(form.getValues('notes')).toBe('');
  });

  it('shows a value set from outside (reset, data loaded) without emitting a change', () => {
    const form = renderForm('<p>Stored</p>');
    expect(area().textContent).toBe('Stored');
    act(() => form.reset({ notes: '<p>Loaded <b>later</b></p>' }));
    expect(area().querySelector('strong')?.textContent).toBe('later');
    // Emitting would have sent the editor's own spelling (<strong>) back to the form and made it dirty.
    expect(form.getValues('notes')).toBe('<p>Loaded <b>later</b></p>');
    expect(form.formState.isDirty).toBe(false);

    const onChange = vi.fn();
    const { rerender } = render(<RichTextEditor label="Other" value="<p>One</p>" onChange={onChange} />);
    rerender(<RichTextEditor label="Other" value="<p>Two</p>" onChange={onChange} />);
    expect(screen.getByRole('textbox', { name: 'Other' }).textContent).toBe('Two');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('names the region by its label and describes it by the hint and the error', () => {
    render(
      <RichTextEditor label="Notes" hint="Shown to members." error="Too long." value="" onChange={() => undefined} />,
    );
    const region = screen.getByRole('textbox', { name: 'Notes', description: 'Shown to members. Too long.' });
    expect(region.getAttribute('aria-invalid')).toBe('true');
    expect(region.getAttribute('aria-multiline')).toBe('true');
  });

  it('makes the selection bold and shows Bold as pressed', () => {
    const onChange = vi.fn();
    render(<RichTextEditor label="Notes" value="<p>Hello world</p>" onChange={onChange} />);
    const bold = screen.getByRole('button', { name: 'Bold' });
    expect(bold.getAttribute('aria-pressed')).toBe('false');

    selectText('world');
    expect(click('Bold')).toBe(false);
    expect(onChange).toHaveBeenLastCalledWith('<p>Hello <strong>world</strong></p>');
    expect(bold.getAttribute('aria-pressed')).toBe('true');
    expect(document.activeElement).toBe(area());

    click('Bold');
    expect(onChange).toHaveBeenLastCalledWith('<p>Hello world</p>');
    expect(bold.getAttribute('aria-pressed')).toBe('false');
  });

  it('links the selection through the link form, refusing a javascript: address', async () => {
    const onChange = vi.fn();
    render(<RichTextEditor label="Notes" value="<p>Read the guide</p>" onChange={onChange} />);
    selectText('guide');
    click('Link');
    const address = screen.getByRole('textbox', { name: 'Link address' });
    expect(document.activeElement).toBe(address);

    fireEvent.change(address, { target: { value: 'javascript:alert(1)' } });
    fireEvent.keyDown(address, { key: 'Enter' });
    expect(screen.getByRole('alert').textContent).toBe('Enter an address starting with https://, http:// or mailto:.');
    expect(address.getAttribute('aria-invalid')).toBe('true');
    expect(area().querySelector('a')).toBeNull();
    expect(onChange).not.toHaveBeenCalled();

    fireEvent.change(address, { target: { value: ' https://example.com/guide ' } });
    act(() => screen.getByRole('button', { name: 'Apply' }).click());
    expect(screen.queryByRole('group', { name: 'Link' })).toBeNull();
    expect(onChange).toHaveBeenLastCalledWith(
      '<p>Read the <a target="_blank" rel="noopener noreferrer nofollow" href="https://example.com/guide">guide</a></p>',
    );
    expect(screen.getByRole('button', { name: 'Link' }).getAttribute('aria-pressed')).toBe('true');
    // TipTap gives the focus back on the next animation frame.
    await waitFor(() => expect(document.activeElement).toBe(area()));

    // Reopened inside the link (Ctrl+K from the editor): it shows the address and can remove it; Escape closes
    // without a change.
    fireEvent.keyDown(area(), { key: 'k', ctrlKey: true });
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Link address' }).value).toBe(
      'https://example.com/guide',
    );
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Link address' }), { key: 'Escape' });
    expect(screen.queryByRole('group', { name: 'Link' })).toBeNull();
    click('Link');
    act(() => screen.getByRole('button', { name: 'Remove' }).click());
    expect(onChange).toHaveBeenLastCalledWith('<p>Read the guide</p>');
  });

  it('keeps links to placeholders and phone numbers that stored texts use, and drops script links', () => {
    render(
      <RichTextEditor
        label="Notes"
        value={
          '<p><a href="{{link}}" class="button">Respond</a> <a href="tel:+18005550199">Call</a> ' +
          '<a href="java&#10;script:alert(1)">Run</a></p>'
        }
        onChange={() => undefined}
      />,
    );
    const hrefs = [...area().querySelectorAll('a')].map((link) => [link.textContent, link.getAttribute('href')]);
    expect(hrefs).toEqual([
      ['Respond', '{{link}}'],
      ['Call', 'tel:+18005550199'],
    ]);
    expect(area().querySelector('a')?.className).toBe('button');
    expect(area().textContent).toContain('Run');
  });

  it('is read-only and its toolbar disabled while disabled', () => {
    const onChange = vi.fn();
    const { rerender } = render(<RichTextEditor label="Notes" value="<p>Fixed</p>" onChange={onChange} />);
    expect(area().getAttribute('contenteditable')).toBe('true');
    rerender(<RichTextEditor label="Notes" value="<p>Fixed</p>" onChange={onChange} disabled />);
    expect(area().getAttribute('contenteditable')).toBe('false');
    expect(area().getAttribute('aria-readonly')).toBe('true');
    for (const name of ['Bold', 'Italic', 'Bulleted list', 'Numbered list', 'Link', 'Clear formatting']) {
      expect(screen.getByRole<HTMLButtonElement>('button', { name }).disabled).toBe(true);
    }
    expect(onChange).not.toHaveBeenCalled();
  });
});
