/** Membership types. "offline partner" is stored as offline_partner. */
export const MEMBERSHIP_TYPES = ['basic', 'standard', 'premium', 'elite', 'limited', 'offline_partner'] as const;
export type MembershipType = (typeof MEMBERSHIP_TYPES)[number];

/** Membership level shown by the header link (basic and standard show standard); limited is the default. */
export const MEMBERSHIP_LEVELS = ['standard', 'premium', 'elite', 'limited'] as const;
export type MembershipLevel = (typeof MEMBERSHIP_LEVELS)[number];

export function membershipLevel(type: string | null | undefined): MembershipLevel {
  switch (type) {
    case 'basic':
    case 'standard':
      return 'standard';
    case 'premium':
      return 'premium';
    case 'elite':
      return 'elite';
    default:
      return 'limited';
  }
}

/**
 * What "blocked for membership level 'limited'" applies to: limited, and every
 * type whose level defaults to limited. One rule for the api (AccessGuard, partner reach) and the web's guards.
 */
export function isLimitedMembership(type: string | null | undefined): boolean {
  return membershipLevel(type) === 'limited';
}

export const MEMBERSHIP_LEVEL_LABELS: Record<MembershipLevel, string> = {
  standard: 'Standard Membership',
  premium: 'Premium Membership',
  elite: 'Elite Membership',
  limited: 'Limited Membership',
};

/** Memberships whose cases are forced to low priority (unless custom priority messages exist). */
export const PRIORITY_RESTRICTED_MEMBERSHIPS: readonly MembershipType[] = ['basic', 'standard'];

export const COMPANY_STATUSES = ['active', 'inactive'] as const;
export type CompanyStatus = (typeof COMPANY_STATUSES)[number];

export const LOGIN_METHODS = ['email_link', 'requires_registration', 'sso'] as const;
export type LoginMethod = (typeof LOGIN_METHODS)[number];

/** Labels on the company-admin users page. */
export const LOGIN_METHOD_LABELS: Record<LoginMethod, string> = {
  email_link: 'Email Login Link',
  requires_registration: 'Requires Registration',
  sso: 'Single Sign On',
};

/** Labels on the super-admin company form. */
export const LOGIN_METHOD_ADMIN_LABELS: Record<LoginMethod, string> = {
  email_link: 'Email Authentication Link',
  requires_registration: 'Requires Registration',
  sso: 'Single Sign On',
};

/** Login methods whose users may change their password in the profile (not sso). */
export const PASSWORD_LOGIN_METHODS: readonly LoginMethod[] = ['requires_registration', 'email_link'];

export const SSO_IDENTITY_SOURCES = ['url', 'file'] as const;
export type SsoIdentitySource = (typeof SSO_IDENTITY_SOURCES)[number];

/** Registration approval setting: 0 auto approve, 1 all must be approved. */
export const REQUIRES_APPROVAL_OPTIONS = [
  { value: 0, label: 'Auto Approve All Users' },
  { value: 1, label: 'All Users Must be Approved' },
] as const;

export const DEPARTMENT_STATUSES = ['active', 'inactive'] as const;
export type DepartmentStatus = (typeof DEPARTMENT_STATUSES)[number];
