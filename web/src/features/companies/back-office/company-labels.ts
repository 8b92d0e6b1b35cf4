import { routePath, type MembershipType } from '@casebridge/contracts';

/** "offline_partner" → "Offline Partner". */
export function membershipTypeLabel(type: MembershipType | string): string {
  return type
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** "active" → "Active". */
export function statusLabel(status: string): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}

/** The company's login page: the landing page of its slug. */
export function loginPageAddress(slug: string): string {
  return `${window.location.origin}${routePath('home-with-slug', { slug })}`;
}

/** The breadcrumb trail of the back office's company pages. */
export function companyCrumbs(company: { id: number; name: string } | null) {
  return [
    { label: 'Companies', to: routePath('super_admin.companies') },
    ...(company
      ? [{ label: company.name, to: routePath('super_admin.company.detail', { company_id: company.id }) }]
      : []),
  ];
}
