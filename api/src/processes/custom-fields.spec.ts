import { validateCustomFields, type FieldDefinition } from './custom-fields';

let nextId = 1;
const field = (overrides: Partial<FieldDefinition> & Pick<FieldDefinition, 'type' | 'label'>): FieldDefinition => ({
  requirementId: nextId++,
  section: 'problem_section',
  codeLabel: overrides.label.toLowerCase().replace(/\W+/g, '_'),
  required: false,
  group: null,
  options: null,
  settings: null,
  ...overrides,
});

const product = field({
  type: 'select',
  label: 'Product',
  required: true,
  options: ['A', 'B'],
  settings: { allow_other: true },
});
const method = field({
  type: 'select',
  label: 'Method',
  options: ['Email', 'Phone'],
  settings: { allow_other: false },
});
const component = field({
  type: 'tierselect',
  label: 'Component',
  options: [
    { label: 'Hardware', options: ['Disk', 'Power'] },
    { label: 'Software', options: ['Replication'] },
  ],
  settings: {
    linked_fields: [
      { sub_option: 'Replication', field: 'target', behaviour: 'required' },
      { sub_option: 'Power', field: 'firmware', behaviour: 'hidden' },
    ],
  },
});
const target = field({ type: 'string', label: 'Target', codeLabel: 'target' });
const firmware = field({ type: 'string', label: 'Firmware', codeLabel: 'firmware', required: true });
const category = field({
  type: 'groupselect',
  label: 'Category',
  options: [
    { label: 'Hardware fault', group: 'hw' },
    { label: 'Software defect', group: 'sw' },
  ],
});
const serial = field({ type: 'string', label: 'Serial', required: true, group: 'hw' });
const count = field({ type: 'integer', label: 'Count' });
const mail = field({ type: 'email', label: 'Mail' });
const link = field({ type: 'url', label: 'Link' });
const phone = field({ type: 'phone', label: 'Phone' });
const zone = field({ type: 'timezone', label: 'Zone' });
const notes = field({ type: 'text', label: 'Notes', section: 'contact_section' });
const hidden = field({ type: 'hidden', label: 'Routing', settings: { value: 'R-1' } });
const copy = field({ type: 'copy', label: 'Copy me', settings: { value: 'cmd' } });
const country = field({ type: 'db_select', label: 'Country', settings: { model: 'countries' } });
const all = [
  product,
  method,
  component,
  target,
  firmware,
  category,
  serial,
  count,
  mail,
  link,
  phone,
  zone,
  notes,
  hidden,
  copy,
  country,
];
const key = (definition: FieldDefinition) => `custom_${definition.requirementId}`;
const dbOptions = new Map([[country.requirementId, { '12': 'Canada', '13': 'Chile' }]]);

describe('custom fields of a case submission', () => {
  const valid = {
    [key(product)]: 'A',
    [key(firmware)]: '9.1',
  };

  it('accepts a minimal valid submission and stores the hidden value configured on the field', () => {
    const result = validateCustomFields(all, { ...valid, [key(hidden)]: 'forged' }, dbOptions);
    expect(result.errors).toEqual({});
    expect(result.rows).toEqual([
      {
        requirementId: product.requirementId,
        section: 'problem_section',
        field: 'Product',
        value: 'A',
        type: 'select',
      },
      expect.objectContaining({ field: 'Firmware', value: '9.1' }),
      expect.objectContaining({ field: 'Routing', value: 'R-1', type: 'hidden' }),
    ]);
  });

  it('requires required fields, with the label in the message', () => {
    expect(validateCustomFields(all, { [key(product)]: ' ' }, dbOptions).errors).toEqual({
      [key(product)]: ['The Product field is required.'],
      [key(firmware)]: ['The Firmware field is required.'],
    });
  });

  it('checks formats', () => {
    const { errors } = validateCustomFields(
      all,
      {
        ...valid,
        [key(count)]: '1.5',
        [key(mail)]: 'x@',
        [key(link)]: 'ftp://x.test',
        [key(phone)]: 'call me',
        [key(zone)]: 'Nowhere/City',
        [key(notes)]: 'n'.repeat(20_001),
        [key(target)]: 't'.repeat(256),
        [key(country)]: '99',
      },
      dbOptions,
    );
    expect(errors).toEqual({
      [key(count)]: ['The Count must be an integer.'],
      [key(mail)]: ['The Mail must be a valid email address.'],
      [key(link)]: ['The Link must be a valid URL.'],
      [key(phone)]: ['The Phone must be a valid phone number.'],
      [key(zone)]: ['The Zone must be a valid time zone.'],
      [key(notes)]: ['The Notes may not be greater than 20000 characters.'],
      [key(target)]: ['The Target may not be greater than 255 characters.'],
      [key(country)]: ['The selected Country is invalid.'],
    });
  });

  it('accepts good formats, numbers sent as numbers, and stores db_select labels', () => {
    const { errors, rows } = validateCustomFields(
      all,
      {
        ...valid,
        [key(count)]: 42,
        [key(mail)]: 'Ops@Contoso.test',
        [key(link)]: 'https://x.test/a?b=1',
        [key(phone)]: '+1 (555) 010-0100',
        [key(zone)]: 'Europe/Dublin',
        [key(country)]: '12',
      },
      dbOptions,
    );
    expect(errors).toEqual({});
    const values = Object.fromEntries(rows.map((row) => [row.field, row.value]));
    expect(values).toMatchObject({ Count: '42', Mail: 'ops@contoso.test', Country: 'Canada' });
    // The label is accepted as well as the id.
    expect(validateCustomFields(all, { ...valid, [key(country)]: 'Chile' }, dbOptions).errors).toEqual({});
  });

  it("select: options, or any text when 'Other' is allowed", () => {
    expect(validateCustomFields(all, { ...valid, [key(product)]: 'Z-9000' }, dbOptions).errors).toEqual({});
    expect(validateCustomFields(all, { ...valid, [key(method)]: 'Fax' }, dbOptions).errors).toEqual({
      [key(method)]: ['The selected Method is invalid.'],
    });
  });

  it("tierselect: 'main : sub' among the options; a sub-option makes a field required or hidden", () => {
    expect(
      validateCustomFields(all, { ...valid, [key(component)]: 'Hardware : Replication' }, dbOptions).errors,
    ).toEqual({
      [key(component)]: ['The selected Component is invalid.'],
    });
    expect(validateCustomFields(all, { ...valid, [key(component)]: 'Software:Replication' }, dbOptions).errors).toEqual(
      {
        [key(target)]: ['The Target field is required.'],
      },
    );
    const hiddenFirmware = validateCustomFields(
      all,
      { [key(product)]: 'A', [key(component)]: 'Hardware : Power', [key(firmware)]: 'ignored' },
      dbOptions,
    );
    expect(hiddenFirmware.errors).toEqual({});
    expect(hiddenFirmware.rows.map((row) => row.field)).toEqual(['Product', 'Component', 'Routing']);
    expect(hiddenFirmware.rows[1].value).toBe('Hardware : Power');
  });

  it('groupselect: fields of the chosen group only', () => {
    expect(validateCustomFields(all, { ...valid, [key(category)]: 'Hardware fault' }, dbOptions).errors).toEqual({
      [key(serial)]: ['The Serial field is required.'],
    });
    const software = validateCustomFields(
      all,
      { ...valid, [key(category)]: 'Software defect', [key(serial)]: 'S1' },
      dbOptions,
    );
    expect(software.errors).toEqual({});
    expect(software.rows.some((row) => row.field === 'Serial')).toBe(false);
    expect(validateCustomFields(all, { ...valid, [key(category)]: 'Other' }, dbOptions).errors).toEqual({
      [key(category)]: ['The selected Category is invalid.'],
    });
  });

  it('refuses custom keys of no field; ignores copy fields', () => {
    const { errors, rows } = validateCustomFields(all, { ...valid, custom_999: 'x', [key(copy)]: 'y' }, dbOptions);
    expect(errors).toEqual({ custom_999: ['This field is not part of the process.'] });
    expect(rows.some((row) => row.field === 'Copy me')).toBe(false);
  });
});
