import type { Company } from '@casebridge/db';

/** The company's e-mail domains: its main domain plus the comma-separated additional ones. */
export function companyDomains(company: Pick<Company, 'domain' | 'additionalDomains'>): string[] {
  return [company.domain, ...(company.additionalDomains ?? '').split(',')]
    .map((domain) => (domain ?? '').trim().toLowerCase().replace(/^@/, ''))
    .filter(Boolean);
}

export function emailMatchesCompanyDomain(
  email: string,
  company: Pick<Company, 'domain' | 'additionalDomains'>,
): boolean {
  const domain = email.split('@').pop()?.toLowerCase() ?? '';
  return companyDomains(company).includes(domain);
}
