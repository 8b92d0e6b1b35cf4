/**
 * Every user-facing message, word for word.
 * Server and web both take their texts from here.
 */
export const MESSAGES = {
  // guards and access
  mustBeLoggedIn: 'Access denied. You must be logged in to see this page.',
  noAccess: 'You do not have access to see this page.',
  membershipBlocked: 'Your membership level disables access to this feature.',
  tooManyRequests: 'Too Many Requests. Please try again later.',
  unknownError: 'Unknown error.',
  companyDisabled: 'Your account is disabled. Contact membership to re-activate.',
  internetExplorer: 'Internet Explorer Not Supported.',

  // sign-in and accounts
  invalidCredentials: 'These credentials do not match our records.',
  userInactive: 'Your account is not active. Contact your company administrator.',
  userPendingApproval: 'Your account is awaiting approval by your company.',
  userNotVerified: 'Your account has not been verified. Check your e-mail for the verification link.',
  companyInactive: 'Your company account is disabled. Contact membership to re-activate.',
  ssoOnly: 'Your company signs in with Single Sign-On. Use the Single Sign-On button on your company page.',
  sessionExpired: 'Your session has expired. Please log in again.',
  forgotPasswordSent: 'If an account exists for that e-mail, a password reset link has been sent.',
  passwordResetDone: 'Your password has been reset.',
  invalidToken: 'This link is invalid or has expired.',
  loginLinkSent: 'A login link has been sent to your e-mail address.',
  loginLinkWrongDomain: 'The e-mail address does not belong to this company.',
  verificationSent: 'A new verification e-mail has been sent.',
  accountVerified: 'Your account has been verified. You may now log in.',
  accountUnderReview:
    'Your account is under review by your company. If you do not receive an e-mail within 24 hours, contact membership support.',
  accountAlreadyVerified: 'This account is already verified.',
  registrationApproval: 'Your Account Requires Approval',
  registrationApprovalText:
    'Your registration has been sent to your business manager for review. You will receive an e-mail once it is approved.',
  registrationVerify: 'Thank you for registering. Check your e-mail for a link to verify your account.',
  registrationClosed: 'Registration is not available for this company.',
  emailTaken: 'The email has already been taken.',
  userApproved: 'The user has been approved.',
  userRejected: 'The user has been rejected.',
  approvalAlreadyDecided: 'This registration has already been decided.',
  privacyPolicy: 'You must accept the terms of the privacy policy.',
  passwordRule:
    'The password must be at least 8 characters and contain an uppercase letter, a lowercase letter, a number and one of ! $ # %.',
  passwordConfirmation: 'The password confirmation does not match.',
  profileUpdated: 'Profile Updated',
  deleteAccountConfirm: 'Are you sure you want to delete your account?',
  notLoggedInAs: 'Only a super admin may log in as another user.',

  // cases
  responseSent: 'Your response has been sent.',
  updateFailed: 'An error occurred while updating.',
  closeFailed: 'Something caused the case not to close. Please try again later.',
  uploadFailed: 'File upload failed',
  uploadSucceeded: 'File Uploaded Successfully',
  blankNote: 'Please provide some information in the note.',
  closeConfirmNo: 'Not Yet',
  closeConfirmYes: "Yes, we're done!",
  customerDataNotice: 'Customer data is removed one (1) month from the day the case was submitted.',
  feedRequiresSso: 'The Collaboration Feed requires Single Sign-On. Contact us to enable it for your company.',
  waitingForSender: 'Waiting for Sender Response',
  waitingForMember: 'Waiting for Member Response',

  // admin and onboarding
  submissionError: 'There was an error with your submission. Please check your entry and try again.',
  acceptAllAgreements: 'You must review and accept all agreements before continuing.',
  noUsersFound: 'No Users Found',
  noResultsFound: 'No Results Found',
  noStripeKey: 'NO STRIPE KEY SET',
  onboardingSessionUpdated: 'Onboarding session updated.',
  usingDefaultSla: 'Using default SLA details',
  chooseOne: 'Choose One',
  choosePartnerFirst: 'Choose Partner First',
  chooseDepartmentFirst: 'Choose Department First',
} as const;

export type MessageKey = keyof typeof MESSAGES;

/** The 413 answer of an upload over the size limit, with the limit in it. */
export function uploadTooLargeMessage(limit: string): string {
  return `Unable to upload your file. That max file size allowed is ${limit}`;
}

export function removeAccessConfirm(name: string): string {
  return `Are you sure you want to remove access for ${name}?`;
}

export function deleteDepartmentConfirm(name: string): string {
  return `Are you sure you want to delete the ${name} Department?`;
}

export function deleteUserConfirm(name: string): string {
  return `Are you sure you want to delete ${name} from the system?`;
}

export function memberApprovedMessage(productName: string): string {
  return `Member has been approved and is now part of ${productName} connect.`;
}
