/** Roles of users. */
export const ROLES = ['super_admin', 'program_manager', 'business_manager', 'caller', 'api'] as const;
export type Role = (typeof ROLES)[number];

/** Roles a company admin or super admin may give to a company user. */
export const ASSIGNABLE_ROLES = ['caller', 'program_manager', 'business_manager', 'api'] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

/** Roles that use the company-admin pages. */
export const COMPANY_ADMIN_ROLES: readonly Role[] = ['business_manager', 'program_manager'];

const ROLE_LABELS: Record<Role, string> = {
  super_admin: 'Super Admin',
  program_manager: 'Program Manager',
  business_manager: 'Business Manager',
  caller: 'Standard User',
  api: 'API User',
};

/** Display name of a role; unknown role names are shown capitalised. */
export function roleLabel(role: string): string {
  if (role in ROLE_LABELS) return ROLE_LABELS[role as Role];
  return role
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

export function isCompanyAdminRole(role: string): boolean {
  return (COMPANY_ADMIN_ROLES as readonly string[]).includes(role);
}

/** User types. Default for a new user: basic. */
export const USER_TYPES = ['basic', 'admin'] as const;
export type UserType = (typeof USER_TYPES)[number];
export const USER_TYPE_LABELS: Record<UserType, string> = { basic: 'Basic User', admin: 'Administrator' };

export const USER_STATUSES = ['active', 'inactive'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** How an account came to exist ("Created Through" column). */
export const REGISTRATION_TYPES = ['seed', 'admin', 'registration', 'email_link', 'sso', 'onboarding'] as const;
export type RegistrationType = (typeof REGISTRATION_TYPES)[number];
