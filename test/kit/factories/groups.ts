import {
  Community,
  Company,
  CompanyGroupRelation,
  ContactDocument,
  Department,
  DocumentGroup,
  GroupDocument,
  User,
} from '@casebridge/db';
import type { RequiredEntityData } from '@mikro-orm/core';
import { domainOf } from './accounts';
import { emOf, settle, uniqueName, type FactoryTarget } from './world';

export interface GroupMember {
  company: Company;
  /** The member's process that other members submit through. */
  process?: ContactDocument;
  /** The member's department in the group (a solution support's members take part through one). */
  department?: Department;
  /** Only these users of the company see the group (user access "limit"); none: all of them. */
  users?: User[];
  /** one_to_many ("Only Sponsor"): the member reaches the sponsor's processes only. */
  relationship?: CompanyGroupRelation['memberRelationship'];
}

export interface GroupSpec {
  /** partner_program (default), solution_support or open_group. */
  type?: Community['type'];
  sponsor?: Company;
  members?: GroupMember[];
  /** Processes offered to the group's members (DocumentGroup): open to them, closed to everyone else. */
  processes?: ContactDocument[];
  overrides?: Partial<RequiredEntityData<Community>>;
}

/**
 * An active partner group with its member companies, written as the back office's group form and member list
 * store them (community, company relations with their user access, offered documents).
 */
export async function aGroup(target: FactoryTarget, spec: GroupSpec = {}): Promise<Community> {
  const em = emOf(target);
  const name = `Group ${uniqueName('group')}`;
  const group = em.create(Community, {
    name,
    type: spec.type ?? 'partner_program',
    status: 'active',
    sponsorCompany: spec.sponsor ? em.getReference(Company, spec.sponsor.id) : null,
    ...spec.overrides,
  });
  for (const member of spec.members ?? []) {
    const relation = em.create(CompanyGroupRelation, {
      community: group,
      company: em.getReference(Company, member.company.id),
      document: member.process ? em.getReference(ContactDocument, member.process.id) : null,
      department: member.department ? em.getReference(Department, member.department.id) : null,
      userAccessFlag: member.users ? 'limit' : 'all',
      memberRelationship: member.relationship ?? 'many_to_many',
    });
    for (const user of member.users ?? []) relation.users.add(em.getReference(User, user.id));
  }
  for (const process of spec.processes ?? []) {
    em.create(DocumentGroup, { document: em.getReference(ContactDocument, process.id), community: group });
  }
  await em.flush();
  await settle(target);
  return group;
}

/**
 * A document a member company shares with a group: a link (default) or, with `file`, a stored PDF's row (the file
 * itself is not written). Named as asked, so a test can find it in the group's list.
 */
export async function aGroupDocument(
  target: FactoryTarget,
  spec: { group: Community; company: Company; name?: string; file?: boolean },
): Promise<GroupDocument> {
  const em = emOf(target);
  const name = spec.name ?? `Document ${uniqueName('group-doc')}`;
  const fileName = `${uniqueName('shared')}.pdf`;
  const document = em.create(GroupDocument, {
    community: em.getReference(Community, spec.group.id),
    company: em.getReference(Company, spec.company.id),
    name,
    documentType: spec.file ? 'file' : 'url',
    url: spec.file ? null : `https://${domainOf(spec.company)}/${uniqueName('shared')}`,
    filePath: spec.file ? `groups/${spec.group.id}/${fileName}` : null,
    originalFilename: spec.file ? fileName : null,
    mimeType: spec.file ? 'application/pdf' : null,
  });
  await em.flush();
  await settle(target);
  return document;
}
