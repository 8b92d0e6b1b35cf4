import type { MailJob } from '@casebridge/contracts';
import type { OnboardingSession } from '@casebridge/db';
import { storedData } from './onboarding-rules';

function applicantName(session: OnboardingSession): string {
  return storedData(session).user?.first_name || 'there';
}

function companyName(session: OnboardingSession): string {
  return session.company?.name ?? storedData(session).company?.name ?? 'your company';
}

/** The onboarding mails to the applicant, as jobs for the worker. */
export const onboardingMails = {
  /** The restore link of a saved session; once per link (each link is mailed once, see saveForLater). */
  saved(session: OnboardingSession, link: string): MailJob {
    return {
      template: 'onboarding-saved',
      to: [session.email],
      variables: { first_name: applicantName(session), group: session.community.name, link },
      dedupeKey: `onboarding-saved-${session.id}-${session.restoreTokenHash?.slice(0, 16)}`,
    };
  },
  /** The request was sent for review; once per session. */
  received(session: OnboardingSession, link: string): MailJob {
    return {
      template: 'onboarding-received',
      to: [session.email],
      variables: {
        first_name: applicantName(session),
        company: companyName(session),
        group: session.community.name,
        link,
      },
      dedupeKey: `onboarding-received-${session.id}`,
    };
  },
};
