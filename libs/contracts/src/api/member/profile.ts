import { z } from 'zod';
import { passwordField, SuccessBody, withPasswordConfirmation } from '../common';
import { endpoint } from '../endpoint';

/** The password the account has now: asked before its e-mail or password changes (docs/decisions.md). */
export const currentPasswordField = z.string().max(200).nullish();

export const PasswordChangeBody = withPasswordConfirmation(
  z.object({
    current_password: currentPasswordField,
    password: passwordField,
    password_confirmation: z.string().nullish(),
  }),
);

/** The e-mail change confirmed by opening the link mailed to the new address. */
export const ConfirmEmailBody = z.object({
  token: z.string({ error: 'The token field is required.' }).min(1, 'The token field is required.').max(200),
});
export const ConfirmEmailResponse = z.object({ message: z.string(), email: z.string() });

export const PROFILE_MESSAGES = {
  currentPasswordRequired: 'Please enter your current password.',
  currentPasswordWrong: 'The current password is not correct.',
  emailChangeSent: (email: string) =>
    `We sent a confirmation link to ${email}. Your e-mail address changes when you open it.`,
  emailOutsideDomains: (domains: string[]) =>
    `The email must be an address of your company (${domains.map((domain) => `@${domain}`).join(', ')}).`,
  emailFromSso: "Your e-mail address comes from your company's single sign-on and cannot be changed here.",
  emailChanged: (email: string) => `Your e-mail address is now ${email}.`,
  emailChangeInvalid: 'This confirmation link is not valid or was already used.',
} as const;
export const DeleteAccountBody = z.object({ token: z.string().max(2000).nullish() });

export const profileApi = {
  password: endpoint({
    method: 'POST',
    path: 'users/password',
    access: 'user',
    summary: 'Change the password (requires_registration and email_link companies); ends other sessions',
    body: PasswordChangeBody,
    response: SuccessBody,
  }),
  confirmEmail: endpoint({
    method: 'POST',
    path: 'users/email/confirm',
    access: 'public',
    summary: 'Confirm a new e-mail address with the link mailed to it',
    body: ConfirmEmailBody,
    response: ConfirmEmailResponse,
  }),
  deleteAccount: endpoint({
    method: 'POST',
    path: 'users/delete',
    access: 'user',
    summary: 'Delete the signed-in account',
    body: DeleteAccountBody,
    response: SuccessBody,
  }),
} as const;
