import { documentTypeListLabel } from '../constants/documents';
import { ChangeRequestBody } from './change-requests';
import { normalizeWebsite } from './common';
import { INVITE_CHOOSE_COMPANY, InviteBody, MissingPartnerBody } from './member/dashboard';
import { EscalationReportParams } from './super-admin/escalation';
import { companyDeleteConfirmation } from './super-admin/companies';

/** Issue 17: the words a person reads on forms, labels and confirmations. */
describe('forms and labels', () => {
  it('asks for a company to invite instead of "The id must be a number."', () => {
    for (const company_id of [undefined, '', null, 0]) {
      const result = InviteBody.safeParse({ company_id });
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => issue.message)).toEqual([INVITE_CHOOSE_COMPANY]);
    }
    expect(InviteBody.parse({ company_id: '12' }).company_id).toBe(12);
  });

  it('takes only a web address as the missing partner’s website', () => {
    expect(normalizeWebsite('not a url')).toBeNull();
    expect(normalizeWebsite('piedpiper')).toBeNull();
    expect(normalizeWebsite('javascript:alert(1)')).toBeNull();
    expect(normalizeWebsite('ftp://piedpiper.test')).toBeNull();
    expect(normalizeWebsite('piedpiper.test')).toBe('https://piedpiper.test');
    expect(normalizeWebsite('piedpiper.test:8080/x')).toBe('https://piedpiper.test:8080/x');
    expect(normalizeWebsite('http://www.piedpiper.test/about')).toBe('http://www.piedpiper.test/about');
    const base = { company_name: 'Pied Piper', contact_name: 'Richard', contact_email: 'r@piedpiper.test' };
    expect(MissingPartnerBody.safeParse({ ...base, company_website: 'not a url' }).success).toBe(false);
    expect(MissingPartnerBody.parse({ ...base, company_website: '' }).company_website).toBeNull();
  });

  it('reads "Please describe the changes." rather than "The changes is required."', () => {
    const result = ChangeRequestBody.safeParse({ change_type: 'Address', changes: '  ' });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['Please describe the changes.']);
  });

  it('labels document types in words', () => {
    expect(['ticket', 'solution_support', 'json', 'manager', 'default'].map(documentTypeListLabel)).toEqual([
      'Collaboration',
      'Solution Support',
      'JSON',
      'Manager',
      'Default',
    ]);
  });

  it('takes escalation export days as YY-MM-DD or YYYY-MM-DD, answering YYYY-MM-DD', () => {
    expect(EscalationReportParams.parse({ filter: 'open', start: '26-01-05', end: '2026-02-01' })).toEqual({
      filter: 'open',
      start: '2026-01-05',
      end: '2026-02-01',
    });
    expect(EscalationReportParams.parse({ filter: 'open', start: '0', end: '26-02-01' }).start).toBeNull();
    expect(EscalationReportParams.safeParse({ filter: 'open', start: '26-02-31' }).success).toBe(false);
  });

  it('counts what a company delete takes with it', () => {
    const summary = { name: 'Hooli', users: 3, departments: 1, processes: 2, cases: 0, blocked: null };
    expect(companyDeleteConfirmation(summary)).toBe(
      'Are you sure you want to delete Hooli? Its 3 users, 1 department, 2 processes and 0 cases will be deleted ' +
        'with it, with everything its users stored. This cannot be undone.',
    );
  });
});
