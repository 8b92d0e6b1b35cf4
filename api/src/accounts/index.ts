/**
 * What other domains may use of the accounts domain's rules: how an account, its company and a registration waiting
 * for approval are shown, the mails an account receives, and whether an account may sign in (companies show and
 * approve their users, and sign them in through single sign-on). Everything else in accounts/ is the domain's own.
 */
export { companyLogoUrl, toCompanySummary, userContactOf } from './account.mappers';
export { toBackOfficeRegistrationRow, toRegistrationQueueRow } from './registration-queue-rows';
export { accountMails } from './account-mails';
export { signInRefusal } from './sessions/sign-in-rules';
