import type { MailJob } from '@casebridge/contracts';
import type { OnboardingSession } from '@casebridge/db';
import { storedData } from '../onboarding-rules';

function firstName(session: OnboardingSession): string {
  return storedData(session).user?.first_name || 'there';
}

function companyName(session: OnboardingSession): string {
  return session.company?.name ?? storedData(session).company?.name ?? 'your company';
}

/** The review's decisions as mails to the applicant; once per session each (a decision is final). */
export const reviewMails = {
  /** `link` is the member's sign-in page (its company's landing page). */
  approved(session: OnboardingSession, to: string, company: string, link: string): MailJob {
    return {
      template: 'onboarding-approved',
      to: [to],
      variables: { first_name: firstName(session), company, group: session.community.name, link },
      dedupeKey: `onboarding-approved-${session.id}`,
    };
  },
  /** `link` is the group's registration status page, else the portal. */
  rejected(session: OnboardingSession, link: string): MailJob {
    return {
      template: 'onboarding-rejected',
      to: [session.email],
      variables: {
        first_name: firstName(session),
        company: companyName(session),
        group: session.community.name,
        link,
      },
      dedupeKey: `onboarding-rejected-${session.id}`,
    };
  },
};
