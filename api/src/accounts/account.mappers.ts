import type { CompanySummary, CurrentUser } from '@casebridge/contracts';
import type { Company, User } from '@casebridge/db';

/** The contact details every user answer starts with (own profile, company admin, back office). */
export function userContactOf(user: User) {
  return {
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    phone: user.phone,
    phone_country_code: user.phoneCountryCode,
    country_id: user.country?.id ?? null,
  };
}

export function toCurrentUser(user: User): CurrentUser {
  return {
    ...userContactOf(user),
    city: user.city,
    focus_group: user.focusGroup,
    role: user.role,
    type: user.type,
    status: user.status,
    company_id: user.company?.id ?? null,
    agreement_date: user.agreementDate?.toISOString() ?? null,
    force_update_profile: user.forceUpdateProfile,
    force_update_agreement: user.forceUpdateAgreement,
    has_password: user.passwordHash !== null,
  };
}

export function companyLogoUrl(company: Pick<Company, 'logoPath' | 'slug'>): string | null {
  return company.logoPath ? `/resources/company_logo/${company.slug}` : null;
}

export function toCompanySummary(company: Company): CompanySummary {
  return {
    id: company.id,
    name: company.name,
    full_name: company.fullName,
    slug: company.slug,
    url: company.url,
    domain: company.domain,
    status: company.status,
    membership_type: company.membershipType,
    membership_level_text: company.membershipLevelText,
    login_method: company.loginMethod,
    login_page_text: company.loginPageText,
    logo: companyLogoUrl(company),
    allow_notes: company.allowNotes,
  };
}
