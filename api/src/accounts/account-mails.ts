import type { MailJob } from '@casebridge/contracts';
import type { User } from '@casebridge/db';

/** The mails of the sign-in and account flows, as jobs for the worker. Links point at the web routes. */
export const accountMails = {
  passwordReset(user: User, link: string, tokenId: number): MailJob {
    return {
      template: 'password-reset',
      to: [user.email],
      variables: { first_name: user.firstName, link },
      dedupeKey: `password-reset-${tokenId}`,
    };
  },
  loginLink(user: User, link: string, tokenId: number): MailJob {
    return {
      template: 'login-link',
      to: [user.email],
      variables: { first_name: user.firstName, link, company: user.company?.name ?? '' },
      dedupeKey: `login-link-${tokenId}`,
    };
  },
  verification(user: User, link: string, tokenId: number): MailJob {
    return {
      template: 'account-verification',
      to: [user.email],
      variables: { first_name: user.firstName, link, company: user.company?.name ?? '' },
      dedupeKey: `account-verification-${tokenId}`,
    };
  },
  approvalRequest(manager: User, applicant: User, approveLink: string, rejectLink: string, tokenId: number): MailJob {
    return {
      template: 'registration-approval-request',
      to: [manager.email],
      variables: {
        first_name: manager.firstName,
        registrant_name: applicant.fullName,
        registrant_email: applicant.email,
        company: applicant.company?.name ?? '',
        approve_link: approveLink,
        reject_link: rejectLink,
        link: approveLink,
      },
      dedupeKey: `registration-approval-request-${tokenId}-${manager.id}`,
    };
  },
  registrationDecision(user: User, approved: boolean, link: string, note: string): MailJob {
    return {
      template: approved ? 'registration-approved' : 'registration-rejected',
      to: [user.email],
      variables: { first_name: user.firstName, company: user.company?.name ?? '', link, note },
      dedupeKey: `registration-${approved ? 'approved' : 'rejected'}-${user.id}`,
    };
  },
  /** To the new address: the link that makes the change. */
  emailChangeConfirm(user: User, newEmail: string, link: string, tokenId: number): MailJob {
    return {
      template: 'email-change-confirm',
      to: [newEmail],
      variables: { first_name: user.firstName, new_email: newEmail, link },
      dedupeKey: `email-change-confirm-${tokenId}`,
    };
  },
  /** To the old address: the owner hears of the change before it can take effect. */
  emailChangeNotice(user: User, newEmail: string, link: string, tokenId: number): MailJob {
    return {
      template: 'email-change-notice',
      to: [user.email],
      variables: { first_name: user.firstName, new_email: newEmail, link },
      dedupeKey: `email-change-notice-${tokenId}`,
    };
  },
};
