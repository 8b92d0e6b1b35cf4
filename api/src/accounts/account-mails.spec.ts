import type { MailJob } from '@casebridge/contracts';
import { DEFAULT_EMAIL_TEMPLATES, type User } from '@casebridge/db';
import { accountMails } from './account-mails';

const company = { name: 'Acme Systems', slug: 'acme' };
const user = { id: 7, firstName: 'Ann', fullName: 'Ann Lee', email: 'ann@acme.test', company } as unknown as User;

/** Placeholders the worker fills itself. */
const ALWAYS_AVAILABLE = new Set(['product', 'public_url']);

function missingPlaceholders(mail: MailJob): string[] {
  const template = DEFAULT_EMAIL_TEMPLATES.find((candidate) => candidate.slug === mail.template);
  if (!template) return [`template ${mail.template}`];
  const used = [...`${template.subject} ${template.body}`.matchAll(/\{\{\s*([a-z_]+)\s*\}\}/g)].map(([, name]) => name);
  return used.filter((name) => !ALWAYS_AVAILABLE.has(name) && !(name in mail.variables));
}

describe('account mails', () => {
  it.each([
    ['password reset', accountMails.passwordReset(user, 'http://x/reset_password/t', 1)],
    ['login link', accountMails.loginLink(user, 'http://x/auto_login/t', 2)],
    ['verification', accountMails.verification(user, 'http://x/verify_account/t', 3)],
    ['approval request', accountMails.approvalRequest(user, user, 'http://x/a', 'http://x/r', 4)],
    ['approved', accountMails.registrationDecision(user, true, 'http://x/acme', '')],
    ['rejected', accountMails.registrationDecision(user, false, 'http://x/acme', 'No')],
  ])('%s fills every placeholder of its stored template', (_name, mail) => {
    expect(missingPlaceholders(mail)).toEqual([]);
  });

  it('keys each mail so that the same event is never queued twice', () => {
    expect(accountMails.passwordReset(user, 'l', 1).dedupeKey).toBe(
      accountMails.passwordReset(user, 'other', 1).dedupeKey,
    );
    expect(accountMails.passwordReset(user, 'l', 1).dedupeKey).not.toBe(
      accountMails.passwordReset(user, 'l', 2).dedupeKey,
    );
  });
});
