import {
  ASSIGNABLE_ROLES,
  DEFAULT_PHONE_COUNTRY_CODE,
  type AssignableRole,
  type LoginMethod,
  type ManagedUser,
} from '@casebridge/contracts';
import { CONTACT_FIELD_NAMES } from '../../../ui/ContactFields';

/** The fields of the user form, in the order server errors are shown (company admin and back office alike). */
export const MANAGED_USER_FIELDS = [
  ...CONTACT_FIELD_NAMES,
  'role',
  'type',
  'password',
  'password_confirmation',
  'group_access',
] as const;

/** The role to preselect: the user's own when it can be given, otherwise the default (Standard User). */
export function assignableRole(role: string | undefined): AssignableRole {
  return ASSIGNABLE_ROLES.find((item) => item === role) ?? 'caller';
}

/** The form's starting values: the user's, or an empty new user of type basic. */
export function managedUserDefaults(user: ManagedUser | null) {
  return {
    first_name: user?.first_name ?? '',
    last_name: user?.last_name ?? '',
    email: user?.email ?? '',
    phone: user?.phone ?? '',
    phone_country_code: user?.phone_country_code || DEFAULT_PHONE_COUNTRY_CODE,
    country_id: user?.country_id ?? null,
    city: user?.city ?? '',
    role: assignableRole(user?.role),
    type: user?.type ?? 'basic',
    password: '',
    password_confirmation: '',
    group_access: user?.group_access ?? [],
  };
}

/** Password fields only when creating, and not at an SSO company unless the role is api. */
export function passwordShown(isNew: boolean, loginMethod: LoginMethod, role: string | undefined): boolean {
  return isNew && (loginMethod !== 'sso' || role === 'api');
}
