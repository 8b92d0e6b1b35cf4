import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../lib/queries';
import { PhoneField } from './PhoneField';
import { RequiredAnnouncer } from './RequiredNotes';
import { SelectField, TextField } from './fields';

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
});

describe('a field that becomes required is announced', () => {
  it('says nothing at first, then names the fields that became required, and nothing for those that stopped', () => {
    const { rerender } = render(<RequiredAnnouncer labels={['Product']} />);
    const news = screen.getByRole('status');
    expect(news.textContent).toBe('');
    rerender(<RequiredAnnouncer labels={['Product', 'Serial Number']} />);
    expect(news.textContent).toBe('Serial Number is now required.');
    rerender(<RequiredAnnouncer labels={['Product', 'Serial Number', 'Site', 'Rack']} />);
    expect(news.textContent).toBe('Site and Rack are now required.');
    rerender(<RequiredAnnouncer labels={['Product']} />);
    expect(news.textContent).toBe('Site and Rack are now required.');
  });
});
