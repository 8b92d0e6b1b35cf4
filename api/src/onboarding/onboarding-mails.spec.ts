import type { MailJob } from '@casebridge/contracts';
import { DEFAULT_EMAIL_TEMPLATES, type OnboardingSession } from '@casebridge/db';
import { onboardingMails } from './onboarding-mails';

const session = {
  id: 4,
  step: 'contact',
  restoreTokenHash: 'a'.repeat(64),
  email: 'nina@hooli.test',
  company: null,
  community: { name: 'Storage Alliance' },
  data: { company: { name: 'Hooli Networks' }, user: { first_name: 'Nina' } },
} as unknown as OnboardingSession;

function missingPlaceholders(mail: MailJob): string[] {
  const template = DEFAULT_EMAIL_TEMPLATES.find((candidate) => candidate.slug === mail.template);
  if (!template) return [`template ${mail.template}`];
  const used = [...`${template.subject} ${template.body}`.matchAll(/\{\{\s*([a-z_]+)\s*\}\}/g)].map(([, name]) => name);
  return used.filter((name) => !['product', 'public_url'].includes(name) && !(name in mail.variables));
}

describe('onboarding mails', () => {
  it.each([
    ['saved', onboardingMails.saved(session, 'http://x/onboarding/restore/t')],
    ['received', onboardingMails.received(session, 'http://x/status')],
  ])('%s fills every placeholder of its stored template and goes to the applicant', (_name, mail) => {
    expect(missingPlaceholders(mail)).toEqual([]);
    expect(mail.to).toEqual(['nina@hooli.test']);
  });

  it('mails each restore link once and the receipt once per session', () => {
    expect(onboardingMails.saved(session, 'a').dedupeKey).toBe(onboardingMails.saved(session, 'b').dedupeKey);
    const newLink = { ...session, restoreTokenHash: 'b'.repeat(64) } as OnboardingSession;
    expect(onboardingMails.saved(newLink, 'a').dedupeKey).not.toBe(onboardingMails.saved(session, 'a').dedupeKey);
    expect(onboardingMails.received(session, 'a').variables.company).toBe('Hooli Networks');
  });
});
