import { afterEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { AttachmentPicker, formWithFiles } from './AttachmentPicker';

afterEach(cleanup);

function Picker() {
  const [files, setFiles] = useState<File[]>([]);
  return <AttachmentPicker label="Files" files={files} onChange={setFiles} />;
}

const file = (name: string) => new File(['x'], name, { type: 'text/plain' });

describe('files chosen for a form', () => {
  it('adds the files of each choice, lists them and takes one out', () => {
    render(<Picker />);
    const input = screen.getByLabelText('Files');
    fireEvent.change(input, { target: { files: [file('a.log'), file('b.log')] } });
    fireEvent.change(input, { target: { files: [file('c.log')] } });
    const list = screen.getByRole('list', { name: 'Chosen files' });
    expect(Array.from(list.querySelectorAll('li'), (item) => item.firstChild?.textContent)).toEqual([
      'a.log',
      'b.log',
      'c.log',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove b.log' }));
    expect(screen.getByRole('list', { name: 'Chosen files' }).textContent).not.toContain('b.log');
    expect(screen.getAllByRole('button', { name: /^Remove / })).toHaveLength(2);
  });

  it('sends the text fields and the files as one multipart body', () => {
    const form = formWithFiles({ payload: '{"a":1}' }, [file('a.log'), file('b.log')]);
    expect(form.get('payload')).toBe('{"a":1}');
    expect(form.getAll('files').map((part) => (part as File).name)).toEqual(['a.log', 'b.log']);
  });
});
