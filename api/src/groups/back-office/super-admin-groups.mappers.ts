import { groupRegistrationPage, type SuperAdminGroup, type SuperAdminGroupPartner } from '@casebridge/contracts';
import type { Community, CompanyGroupRelation } from '@casebridge/db';

const idName = (item: { id: number; name: string } | null) => (item ? { id: item.id, name: item.name } : null);
const zeroOne = (value: boolean) => (value ? 1 : 0) as 0 | 1;

/** The registration page of a partner program with a vhost, else null. */
export function registrationPageOf(group: Pick<Community, 'type' | 'vhost'>, publicUrl: string): string | null {
  return group.type === 'partner_program' && group.vhost ? groupRegistrationPage(publicUrl, group.vhost) : null;
}

/** Needs sponsorCompany, department and document loaded. */
export function toSuperAdminGroup(group: Community, publicUrl: string): SuperAdminGroup {
  return {
    id: group.id,
    name: group.name,
    description: group.description,
    type: group.type,
    status: group.status,
    sponsor_company_id: group.sponsorCompany?.id ?? null,
    host: idName(group.sponsorCompany),
    department_id: group.department?.id ?? null,
    department: idName(group.department),
    document_id: group.document?.id ?? null,
    document: idName(group.document),
    vhost: group.vhost,
    host_email: group.hostEmail,
    price: Number(group.price),
    price_three_years: Number(group.priceThreeYears),
    instructions: group.instructions,
    links: group.links ?? [],
    force_addendum: zeroOne(group.forceAddendum),
    registration_status_url: group.registrationStatusUrl,
    custom_sla: zeroOne(group.customSla),
    p1_message: group.p1Message,
    p2_message: group.p2Message,
    p3_message: group.p3Message,
    p1_response_time: group.p1ResponseTime,
    p2_response_time: group.p2ResponseTime,
    p3_response_time: group.p3ResponseTime,
    msteams_integration: zeroOne(group.msteamsIntegration),
    msteams_manager_email: group.msteamsManagerEmail,
    msteams_team_url: group.msteamsTeamUrl,
    addendum: group.addendumPath !== null,
    addendum_name: group.addendumName,
    // Served publicly by the group's vhost at /resources/group_banner/{vhost}.
    banner_url: group.bannerPath && group.vhost ? `/resources/group_banner/${encodeURIComponent(group.vhost)}` : null,
    registration_page: registrationPageOf(group, publicUrl),
    created_at: group.createdAt.toISOString(),
  };
}

/** Needs community, company, department and document loaded. */
export function toGroupPartner(relation: CompanyGroupRelation): SuperAdminGroupPartner {
  return {
    id: relation.id,
    company: { id: relation.company.id, name: relation.company.name },
    department: idName(relation.department),
    document: idName(relation.document),
    membership_type: relation.company.membershipType,
    is_active: zeroOne(relation.isActive),
    is_host: relation.community.sponsorCompany?.id === relation.company.id,
  };
}
