import { afterEach, describe, expect, it } from 'vitest';
import { useForm, useWatch } from 'react-hook-form';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ContactDocumentShape } from '@casebridge/contracts';
import { RequirementSections } from './RequirementSections';
import type { FormValues, Requirement } from './requirements';

afterEach(cleanup);

let nextId = 1;
function field(
  type: Requirement['requirement']['type'],
  label: string,
  extra: Partial<Omit<Requirement, 'requirement'>> & { code?: string; options?: unknown; settings?: object } = {},
): Requirement {
  const id = nextId++;
  const { code, options, settings, ...version } = extra;
  return {
    requirement_id: id,
    section: 'problem_section',
    required: false,
    group: null,
    options: null,
    additional_settings: null,
    ...version,
    requirement: {
      id,
      type,
      label,
      code_label: code ?? null,
      options: options ?? null,
      additional_settings: (settings as Record<string, unknown>) ?? null,
    },
  };
}

// A problem category (group select) shows its group's fields; a severity (tier select) whose detail "Total" makes
// the business impact required.
const problem = [
  field('groupselect', 'Problem Category', {
    required: true,
    options: [
      { label: 'Hardware fault', group: 'hardware' },
      { label: 'Software bug', group: 'software' },
    ],
  }),
  field('string', 'Array Serial Number', { required: true, group: 'hardware' }),
  field('string', 'Build Number', { group: 'software' }),
  field('tierselect', 'Severity', {
    options: [
      { label: 'Outage', options: ['Total', 'Partial'] },
      { label: 'Question', options: ['How-to'] },
    ],
    settings: { linked_fields: [{ sub_option: 'Total', field: 'impact', behaviour: 'required' }] },
  }),
  field('text', 'Business Impact', { code: 'impact' }),
  field('select', 'Product', { required: true, options: ['SA9000 Array'] }),
];

const document: ContactDocumentShape = {
  id: 1,
  name: 'Globex Support',
  company_id: 2,
  company: { name: 'Globex', slug: 'globex', membership_type: 'premium' },
  department: null,
  is_favorite: false,
  files: [],
  version: {
    document_type: 'ticket',
    title: 'Globex Support',
    support_hours: null,
    product_supported: null,
    admin_note: null,
    escalation_instructions: null,
    manager_users: [],
    common_customer_section_title: null,
  },
  common_customer_section: [],
  problem_section: problem,
  contact_section: [],
  doc_linkages: [],
  parent_option_name: null,
  static_document: null,
  escalation: null,
  note: null,
  case_exchange: true,
};

function SubmitForm() {
  const { register, control } = useForm<FormValues>();
  const values = useWatch({ control }) as FormValues;
  return (
    <form>
      <RequirementSections
        document={document}
        requirements={problem}
        register={register}
        values={values}
        errorOf={() => undefined}
      />
    </form>
  );
}

const choose = (label: string, value: string) =>
  fireEvent.change(screen.getByRole('combobox', { name: label }), { target: { value } });
const requiredOf = (label: string) => screen.getByRole('combobox', { name: label }).getAttribute('aria-required');

describe('the submit form announces the fields an answer makes required', () => {
  it('marks the required fields from the start and says nothing on the first render', () => {
    render(<SubmitForm />);
    expect(screen.getByRole('status').textContent).toBe('');
    expect(requiredOf('Problem Category')).toBe('true');
    expect(requiredOf('Severity')).toBeNull();
    expect(requiredOf('Severity (Detail)')).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Array Serial Number' })).toBeNull();
    // The mark stands beside the label, outside it: the label's text is still the field's name.
    const category = screen.getByRole('combobox', { name: 'Problem Category' }).closest('.field');
    expect(category?.querySelector('label')?.textContent).toBe('Problem Category');
    expect(category?.querySelector('.field-required-mark')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('names a field a group select shows as required, and nothing for an optional one', () => {
    render(<SubmitForm />);
    const news = screen.getByRole('status');
    choose('Problem Category', 'Hardware fault');
    expect(news.textContent).toBe('Array Serial Number is now required.');
    expect(screen.getByRole('textbox', { name: 'Array Serial Number' }).getAttribute('aria-required')).toBe('true');
    // Another group: its field is optional, and the announced field is gone, so the message goes too.
    choose('Problem Category', 'Software bug');
    expect(screen.getByRole('textbox', { name: 'Build Number' }).getAttribute('aria-required')).toBeNull();
    expect(news.textContent).toBe('');
  });

  it("names a tier's detail once a main option is chosen, then the field its detail makes required", () => {
    render(<SubmitForm />);
    const news = screen.getByRole('status');
    choose('Severity', 'Outage');
    expect(news.textContent).toBe('Severity (Detail) is now required.');
    expect(requiredOf('Severity (Detail)')).toBe('true');
    choose('Severity (Detail)', 'Total');
    expect(news.textContent).toBe('Business Impact is now required.');
    expect(screen.getByRole('textbox', { name: 'Business Impact' }).getAttribute('aria-required')).toBe('true');
    // A detail that requires nothing more is not news.
    choose('Severity (Detail)', 'Partial');
    expect(screen.getByRole('textbox', { name: 'Business Impact' }).getAttribute('aria-required')).toBeNull();
    expect(news.textContent).toBe('');
  });

  it("names the free text behind a required select's Other choice", () => {
    render(<SubmitForm />);
    choose('Product', 'Other');
    expect(screen.getByRole('status').textContent).toBe('Product (Other) is now required.');
    expect(screen.getByRole('textbox', { name: 'Product (Other)' }).getAttribute('aria-required')).toBe('true');
  });
});
