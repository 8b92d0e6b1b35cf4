import { DocumentSaveBody, documentEditorKind } from './documents';
import { defaultMemberRelationship, RelationBody } from './departments';

const issues = (input: unknown) => {
  const result = DocumentSaveBody.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('super-admin document save body', () => {
  it('fills the defaults of a managed document (approved, 7/24/365, All)', () => {
    const parsed = DocumentSaveBody.parse({ document_type: 'ticket', title: ' Intake ', tags: ['a', 'a', '', 'b'] });
    expect(parsed).toMatchObject({
      title: 'Intake',
      status: 'approved',
      support_hours: '7/24/365',
      product_supported: 'All',
      tags: ['a', 'b'],
      email_templates: { new_receiving_member: 0 },
      departments: [],
      groups: [],
    });
  });

  it('names the type when it is missing or unknown', () => {
    expect(Object.keys(issues({}))).toEqual(['document_type']);
    expect(Object.keys(issues({ document_type: 'foo', title: 'x' }))).toEqual(['document_type']);
  });

  it('reports parent rows by index', () => {
    expect(
      issues({
        document_type: 'parent',
        title: 'P',
        parent_option_name: 'Which?',
        linkages: [
          { option_name: 'ok', contact_document_id: 3 },
          { option_name: ' ', contact_document_id: '' },
        ],
      }),
    ).toEqual({
      'linkages.1.option_name': 'The option name is required.',
      'linkages.1.contact_document_id': 'Please choose an inbound process.',
    });
  });

  it('needs the html of a static document', () => {
    expect(issues({ document_type: 'default', title: 'S', document_html: '  ' })).toEqual({
      document_html: 'The document html is required.',
    });
  });

  it('chooses the editor by type', () => {
    expect(['default', 'parent', 'ticket', 'manager', 'json'].map(documentEditorKind)).toEqual([
      'static',
      'parent',
      'managed',
      'managed',
      'managed',
    ]);
  });
});

describe('group relation defaults', () => {
  it('gives one_to_many only to partner programs of another sponsor', () => {
    expect(defaultMemberRelationship('solution_support', 2, 1)).toBe('many_to_many');
    expect(defaultMemberRelationship('open_group', null, 1)).toBe('many_to_many');
    expect(defaultMemberRelationship('partner_program', 1, 1)).toBe('many_to_many');
    expect(defaultMemberRelationship('partner_program', 2, 1)).toBe('one_to_many');
  });

  it('leaves the relationship unset when not sent and defaults the rest', () => {
    expect(RelationBody.parse({ community_id: '4' })).toEqual({
      relation_id: 0,
      community_id: 4,
      department_id: null,
      document_id: null,
      is_active: 1,
      user_access_flag: 'all',
      member_relationship: undefined,
      selected_users: [],
    });
  });
});
