import {
  REGISTRATION_TYPE_LABELS,
  roleLabel,
  type RegistrationType,
  type SuperAdminCompany,
} from '@casebridge/contracts';
import type { Company, User } from '@casebridge/db';
import { companyLogoUrl } from '../../accounts';
import { toAdminCompanyInfo, toRegistrationSettings } from '../company-admin/admin-company.mappers';

/** The company as the back office shows and edits it; registrationCommunities must be populated. */
export function toSuperAdminCompany(company: Company): SuperAdminCompany {
  return {
    ...toAdminCompanyInfo(company),
    show_in_public_web: company.showInPublicWeb ? 1 : 0,
    login_page_text: company.loginPageText,
    region_text: company.regionText,
    public_web_text: company.publicWebText,
    logo: companyLogoUrl(company),
    sso_identity_source: company.ssoIdentitySource ?? 'url',
    sso_idp_entity_url: company.ssoIdpEntityUrl,
    sso_idp_federation_url: company.ssoIdpFederationUrl,
    sso_idp_logout_url: company.ssoIdpLogoutUrl,
    sso_idp_file: company.ssoIdentityFilePath !== null,
    sso_login_section: company.ssoLoginSection,
    sso_registration_section: company.ssoRegistrationSection,
    registration: toRegistrationSettings(company),
    created_at: company.createdAt.toISOString(),
  };
}

/** A row of the detail's Users panel; the user's country must be populated. */
export function toCompanyUserRow(user: User) {
  return {
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    city: user.city,
    country: user.country?.name ?? null,
    role: user.role,
    role_label: roleLabel(user.role),
    last_login_date: user.lastLoginAt?.toISOString() ?? null,
    registration_type: user.registrationType,
    registration_type_label: REGISTRATION_TYPE_LABELS[user.registrationType as RegistrationType],
    status: user.status,
  };
}

export const toOption = (entity: { id: number; name: string }) => ({ id: entity.id, name: entity.name });
