import type { AdminGroupShape, GroupDocumentShape, MyGroupRelation } from '@casebridge/contracts';
import type { CompanyGroupRelation, GroupDocument, User } from '@casebridge/db';

/** The group's host company, as the Host columns show it. */
export const hostName = (community: { sponsorCompany: { name: string } | null }) =>
  community.sponsorCompany?.name ?? null;

const idName = (item: { id: number; name: string } | null) => (item ? { id: item.id, name: item.name } : null);

/** Needs community (with its sponsor), department and document loaded. */
export function toMyRelation(relation: CompanyGroupRelation): MyGroupRelation {
  const community = relation.community;
  return {
    id: relation.id,
    // The Host column names the host company (the sponsor), not the group's landing vhost.
    community: { id: community.id, name: community.name, type: community.type, host_name: hostName(community) },
    department: idName(relation.department),
    user_access_flag: relation.userAccessFlag,
    document: idName(relation.document),
  };
}

export function toAdminGroup(relation: CompanyGroupRelation): AdminGroupShape {
  const group = relation.community;
  return {
    id: group.id,
    name: group.name,
    type: group.type,
    vhost: group.vhost,
    sponsor_company_id: group.sponsorCompany?.id ?? null,
    registration_status_url: group.type === 'partner_program' ? group.registrationStatusUrl : null,
    code_of_conduct: group.codeOfConductPath !== null,
    current_license: group.currentLicensePath !== null,
    addendum: group.addendumPath !== null,
    addendum_name: group.addendumName,
    custom_sla: group.customSla,
    p1_message: group.customSla ? group.p1Message : null,
    p2_message: group.customSla ? group.p2Message : null,
    p3_message: group.customSla ? group.p3Message : null,
    my_relation: toMyRelation(relation),
  };
}

/** Needs company loaded. */
export function toGroupDocument(doc: GroupDocument, companyId: number): GroupDocumentShape {
  return {
    id: doc.id,
    name: doc.name,
    company_id: doc.company.id,
    company_name: doc.company.name,
    document_type: doc.documentType,
    url: doc.documentType === 'url' ? doc.url : null,
    document_name: doc.originalFilename,
    can_delete: doc.company.id === companyId,
    created_at: doc.createdAt.toISOString(),
  };
}

/** Needs country loaded. */
export function toAccessUser(user: User) {
  const location = [user.city, user.country?.name].filter(Boolean).join(', ');
  return {
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    location: location || null,
    role: user.role,
    last_login_date: user.lastLoginAt?.toISOString() ?? null,
  };
}
