import {
  LOGIN_METHOD_LABELS,
  REGISTRATION_TYPE_LABELS,
  type AdminCompanyInfo,
  type LoginMethod,
  roleLabel,
  type GroupOption,
  type ManagedUser,
  type RegistrationSettings,
  type RegistrationType,
} from '@casebridge/contracts';
import type { Company, CompanyGroupRelation, Department, User } from '@casebridge/db';
import { userContactOf } from '../../accounts';
import type { z } from 'zod';

/** The company info box (company admin page; the back office extends it). */
export function toAdminCompanyInfo(company: Company): z.infer<typeof AdminCompanyInfo> {
  return {
    id: company.id,
    name: company.name,
    slug: company.slug,
    url: company.url,
    status: company.status,
    membership_type: company.membershipType,
    login_method: company.loginMethod,
    login_method_label: LOGIN_METHOD_LABELS[company.loginMethod as LoginMethod],
    domain: company.domain,
    additional_domains: company.additionalDomains,
    communications_email: company.communicationsEmail,
    bcc_response_email: company.bccResponseEmail,
    allow_notes: company.allowNotes,
  };
}

/**
 * One option per group of the company's relations. A group is "all" when any of the company's relations to it
 * gives every user access; only "limit" relations keep a list of users.
 */
export function groupOptions(relations: CompanyGroupRelation[]): GroupOption[] {
  const byId = new Map<number, GroupOption>();
  for (const relation of relations) {
    const { community } = relation;
    const known = byId.get(community.id);
    const flag = known?.user_access_flag === 'all' || relation.userAccessFlag === 'all' ? 'all' : 'limit';
    byId.set(community.id, { id: community.id, name: community.name, type: community.type, user_access_flag: flag });
  }
  return [...byId.values()];
}

/** Groups always included for every user of the company. */
export function openGroupIds(relations: CompanyGroupRelation[]): number[] {
  return groupOptions(relations)
    .filter((group) => group.user_access_flag === 'all')
    .map((group) => group.id);
}

/** The groups a user reaches: the "all" ones and the limited ones that list the user. */
export function groupAccessOf(user: User, relations: CompanyGroupRelation[]): number[] {
  const ids = new Set(openGroupIds(relations));
  for (const relation of relations) {
    if (relation.userAccessFlag === 'limit' && relation.users.getItems().some((member) => member.id === user.id)) {
      ids.add(relation.community.id);
    }
  }
  return [...ids].sort((a, b) => a - b);
}

export function toManagedUser(user: User, relations: CompanyGroupRelation[]): ManagedUser {
  return {
    ...userContactOf(user),
    country: user.country ? { name: user.country.name } : null,
    city: user.city,
    role: user.role,
    type: user.type,
    status: user.status,
    company_id: user.company?.id ?? 0,
    registration_type: user.registrationType,
    last_login_date: user.lastLoginAt?.toISOString() ?? null,
    created_at: user.createdAt.toISOString(),
    group_access: groupAccessOf(user, relations),
  };
}

export function toUserRow(user: User) {
  return {
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    role: user.role,
    role_label: roleLabel(user.role),
    registration_type: user.registrationType,
    created_through: REGISTRATION_TYPE_LABELS[user.registrationType as RegistrationType],
    status: user.status,
    last_login_date: user.lastLoginAt?.toISOString() ?? null,
    created_at: user.createdAt.toISOString(),
  };
}

export function toRegistrationSettings(company: Company): RegistrationSettings {
  return {
    requires_approval: company.requiresApproval ? 1 : 0,
    signup_manager_id: company.signupManager?.id ?? null,
    alt_signup_manager_id: company.altSignupManager?.id ?? null,
    communities: company.registrationCommunities
      .getItems()
      .map((community) => community.id)
      .sort((a, b) => a - b),
  };
}

/** A department row of the company admin's and the back office's department lists. */
export function toDepartmentRow(department: Department) {
  return {
    id: department.id,
    name: department.name,
    description: department.description,
    status: department.status,
  };
}
