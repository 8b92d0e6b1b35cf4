import { MESSAGES } from '@casebridge/contracts';
import type { Company, User } from '@casebridge/db';
import { signInRefusal } from './sign-in-rules';

function user(overrides: Partial<User> = {}, company: Partial<Company> | null = {}): User {
  return {
    status: 'active',
    approvalStatus: 'approved',
    role: 'caller',
    emailVerifiedAt: new Date(),
    company:
      company === null ? null : ({ status: 'active', loginMethod: 'requires_registration', ...company } as Company),
    ...overrides,
  } as User;
}

describe('signInRefusal', () => {
  it('lets an active, approved, verified member of an active company in', () => {
    expect(signInRefusal(user(), 'password')).toBeNull();
  });

  it('refuses inactive, pending and rejected accounts on every way in', () => {
    for (const method of ['password', 'link', 'sso', 'impersonation'] as const) {
      expect(signInRefusal(user({ status: 'inactive' }), method)).toBe(MESSAGES.userInactive);
      expect(signInRefusal(user({ approvalStatus: 'pending' }), method)).toBe(MESSAGES.userPendingApproval);
      expect(signInRefusal(user({ approvalStatus: 'rejected' }), method)).toBe(MESSAGES.userInactive);
    }
  });

  it('refuses members of a disabled company', () => {
    expect(signInRefusal(user({}, { status: 'inactive' }), 'password')).toBe(MESSAGES.companyInactive);
    expect(signInRefusal(user({}, null), 'link')).toBe(MESSAGES.companyInactive);
  });

  it('keeps password sign-in closed to SSO companies except for API users', () => {
    expect(signInRefusal(user({}, { loginMethod: 'sso' }), 'password')).toBe(MESSAGES.ssoOnly);
    expect(signInRefusal(user({ role: 'api' }, { loginMethod: 'sso' }), 'password')).toBeNull();
    expect(signInRefusal(user({}, { loginMethod: 'sso' }), 'sso')).toBeNull();
  });

  it('asks for a verified address before a password sign-in, not before a link sign-in', () => {
    expect(signInRefusal(user({ emailVerifiedAt: null }), 'password')).toBe(MESSAGES.userNotVerified);
    expect(signInRefusal(user({ emailVerifiedAt: null }), 'link')).toBeNull();
  });

  it('lets a super admin without company in', () => {
    expect(signInRefusal(user({ role: 'super_admin' }, null), 'password')).toBeNull();
  });
});
