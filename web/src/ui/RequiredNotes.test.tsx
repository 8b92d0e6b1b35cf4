import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../lib/queries';
import { ComboboxField } from './ComboboxField';
import { PhoneField } from './PhoneField';
import { RequiredAnnouncer } from './RequiredNotes';
import { RichTextEditor } from './RichTextEditor';
import { SelectField, TextAreaField, TextField } from './fields';

afterEach(cleanup);

const noop = { name: 'x', onChange: async () => undefined, onBlur: async () => undefined, ref: () => undefined };

describe('required fields are marked from the first render', () => {
  it('marks a required input beside its label, leaving the label and the accessible name as they were', () => {
    render(
      <>
        <TextField label="Summary" aria-required />
        <TextField label="Remarks" />
        <SelectField label="Priority" required options={[{ value: 'low', label: 'P3' }]} />
      </>,
    );
    const summary = screen.getByRole('textbox', { name: 'Summary' });
    expect(summary.getAttribute('aria-required')).toBe('true');
    expect(screen.getByText('Summary').textContent).toBe('Summary');
    const marks = document.querySelectorAll('.field-required-mark');
    expect(marks).toHaveLength(2);
    for (const mark of marks) expect(mark.getAttribute('aria-hidden')).toBe('true');
    // The optional field has no mark.
    expect(
      screen.getByRole('textbox', { name: 'Remarks' }).closest('.field')?.querySelector('.field-required-mark'),
    ).toBeNull();
    expect(
      screen.getByRole('combobox', { name: 'Priority' }).closest('.field')?.querySelector('.field-required-mark'),
    ).not.toBeNull();
  });

  it('marks a required phone number', () => {
    render(
      <QueryClientProvider client={queryClient}>
        <PhoneField label="Engineer Phone" required codeProps={noop} numberProps={{ ...noop, name: 'n' }} />
      </QueryClientProvider>,
    );
    const number = screen.getByRole('textbox', { name: 'Engineer Phone' });
    expect(number.closest('.field')?.querySelector('.field-required-mark')).not.toBeNull();
  });

  it('marks a required text area, searchable list and rich-text field, and not an optional one', async () => {
    render(
      <>
        <TextAreaField label="Description" required />
        <ComboboxField label="Time Zone" aria-required options={[{ value: 'UTC', label: 'UTC' }]} {...noop} />
        <ComboboxField label="Country" options={[{ value: 'IE', label: 'Ireland' }]} {...noop} name="c" />
        <RichTextEditor label="Body" value="" onChange={() => undefined} required />
      </>,
    );
    const markOf = (element: HTMLElement) => element.closest('.field')?.querySelector('.field-required-mark');
    expect(markOf(screen.getByRole('textbox', { name: 'Description' }))).not.toBeNull();
    const zone = screen.getByRole('combobox', { name: 'Time Zone' });
    expect(zone.getAttribute('aria-required')).toBe('true');
    expect(markOf(zone)).not.toBeNull();
    const country = screen.getByRole('combobox', { name: 'Country' });
    expect(country.getAttribute('aria-required')).toBeNull();
    expect(markOf(country)).toBeNull();
    // The editor appears after the first render; it names itself by the label and says it is required.
    const body = await waitFor(() => screen.getByRole('textbox', { name: 'Body' }));
    expect(body.getAttribute('aria-required')).toBe('true');
    expect(markOf(body)).not.toBeNull();
  });
});

describe('a field that becomes required is announced', () => {
  it('says nothing at first, then names the fields that became required, and nothing for those that stopped', () => {
    const { rerender } = render(<RequiredAnnouncer labels={['Product', 'Site']} />);
    const news = screen.getByRole('status');
    expect(news.textContent).toBe('');
    rerender(<RequiredAnnouncer labels={['Product', 'Site', 'Serial Number']} />);
    expect(news.textContent).toBe('Serial Number is now required.');
    // A field that stops being required is not news, and the last message still holds.
    rerender(<RequiredAnnouncer labels={['Product', 'Serial Number']} />);
    expect(news.textContent).toBe('Serial Number is now required.');
    rerender(<RequiredAnnouncer labels={['Product', 'Serial Number', 'Site', 'Rack', 'Room']} />);
    expect(news.textContent).toBe('Site, Rack and Room are now required.');
    // The message goes (silently) once a field it names is no longer required.
    rerender(<RequiredAnnouncer labels={['Product']} />);
    expect(news.textContent).toBe('');
  });
});
