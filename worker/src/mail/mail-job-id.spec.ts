import { mailJobId } from '@casebridge/contracts';

describe('mailJobId', () => {
  it('turns dedupe keys BullMQ would reject into valid, distinct job ids', () => {
    expect(mailJobId('42')).toBe('mail.42');
    expect(mailJobId('case-late:42')).toBe('mail.case-late%3A42');
    expect(mailJobId('a:b')).not.toBe(mailJobId('a%3Ab'));
    expect(mailJobId('case-late:42')).not.toContain(':');
  });
});
