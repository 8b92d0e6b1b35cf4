import type { Community } from '@casebridge/db';

/** The group detail's partners table is hidden in partner programs the viewer does not sponsor. */
export function partnersVisible(community: Community, companyId: number): boolean {
  return community.type !== 'partner_program' || community.sponsorCompany?.id === companyId;
}
