import type { Community, CompanyGroupRelation } from '@casebridge/db';

/**
 * Which members of a group a company sees as partners (one rule for the group detail, its members export and
 * My Partners; the worker's group_members and partners sources repeat it in SQL): the sponsor sees every member; in a partner program a member company sees only the sponsor, and so
 * does a member whose relation is "Only Sponsor" (one_to_many); otherwise every member.
 */
export function partnerScope(community: Community, mine: CompanyGroupRelation, companyId: number): 'all' | 'sponsor' {
  if (community.sponsorCompany?.id === companyId) return 'all';
  if (community.type === 'partner_program' || mine.memberRelationship === 'one_to_many') return 'sponsor';
  return 'all';
}

/** The group detail's partners table is hidden in partner programs the viewer does not sponsor (spec 2 §6). */
export function partnersVisible(community: Community, companyId: number): boolean {
  return community.type !== 'partner_program' || community.sponsorCompany?.id === companyId;
}
