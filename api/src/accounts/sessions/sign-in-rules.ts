import { MESSAGES } from '@casebridge/contracts';
import type { User } from '@casebridge/db';

export type SignInMethod = 'password' | 'link' | 'sso' | 'impersonation';

/**
 * Why this user may not sign in this way, or null when they may. One rule set for every way in.
 * The company must be active; password sign-in is closed to SSO companies except for API users.
 */
export function signInRefusal(user: User, method: SignInMethod): string | null {
  if (user.status !== 'active') return MESSAGES.userInactive;
  if (user.approvalStatus === 'pending') return MESSAGES.userPendingApproval;
  if (user.approvalStatus === 'rejected') return MESSAGES.userInactive;
  if (user.role === 'super_admin') return null;
  if (!user.company || user.company.status !== 'active') return MESSAGES.companyInactive;
  if (method === 'impersonation') return null;
  if (method === 'password' && user.company.loginMethod === 'sso' && user.role !== 'api') return MESSAGES.ssoOnly;
  if (method === 'password' && !user.emailVerifiedAt) return MESSAGES.userNotVerified;
  return null;
}
