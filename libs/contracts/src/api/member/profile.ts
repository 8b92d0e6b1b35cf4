import { z } from 'zod';
import { passwordField, SuccessBody, withPasswordConfirmation } from '../common';
import { endpoint } from '../endpoint';

export const PasswordChangeBody = withPasswordConfirmation(
  z.object({ password: passwordField, password_confirmation: z.string().nullish() }),
);
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
  deleteAccount: endpoint({
    method: 'POST',
    path: 'users/delete',
    access: 'user',
    summary: 'Delete the signed-in account',
    body: DeleteAccountBody,
    response: SuccessBody,
  }),
} as const;
