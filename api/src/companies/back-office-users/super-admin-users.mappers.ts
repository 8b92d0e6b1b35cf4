import type { LoginMethod, SuperAdminUser } from '@casebridge/contracts';
import type { Company, CompanyGroupRelation, User } from '@casebridge/db';
import { toManagedUser } from '../company-admin/admin-company.mappers';

export function toFormCompany(company: Company) {
  return { id: company.id, name: company.name, login_method: company.loginMethod as LoginMethod };
}

/** The company admin's user shape plus what only the back office shows (read-only fields, the company). */
export function toSuperAdminUser(user: User, company: Company, relations: CompanyGroupRelation[]): SuperAdminUser {
  return {
    ...toManagedUser(user, relations),
    agreement_date: user.agreementDate?.toISOString() ?? null,
    focus_group: user.focusGroup,
    company: toFormCompany(company),
  };
}

/** A search term for ILIKE: its wildcards match themselves. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
