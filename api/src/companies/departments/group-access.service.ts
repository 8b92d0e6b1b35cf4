import { Injectable, NotFoundException } from '@nestjs/common';
import {
  defaultMemberRelationship,
  RELATION_NOT_FOUND,
  RELATION_SAVED,
  type RelationBody,
  type SuperAdminRelation,
} from '@casebridge/contracts';
import {
  Community,
  CompanyGroupRelation,
  ContactDocument,
  Department,
  User,
  type Company,
  PICKABLE_USER,
} from '@casebridge/db';
import { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import { ValidationException } from '../../platform/common/errors';
import { DocumentEditorService } from '../../processes/back-office/document-editor.service';

type Body = z.output<typeof RelationBody>;

/**
 * The group access page of a company: one company-group relation with its settings and, when user
 * access is limited, the users who see the group.
 */
@Injectable()
export class GroupAccessService {
  constructor(
    private readonly em: EntityManager,
    private readonly documents: DocumentEditorService,
  ) {}

  async relation(companyId: number, relationId: number) {
    const company = await this.documents.company(companyId);
    const relation = await this.find(company, relationId);
    return { relation: toRelation(relation), users: await this.usersOf(company, relation) };
  }

  async users(companyId: number, relationId: number) {
    const company = await this.documents.company(companyId);
    const relation = relationId === 0 ? null : await this.find(company, relationId);
    return { users: await this.usersOf(company, relation) };
  }

  async put(companyId: number, body: Body) {
    const company = await this.documents.company(companyId);
    const existing = body.relation_id ? await this.find(company, body.relation_id) : null;
    const errors: Record<string, string[]> = {};
    const community = await this.em.findOne(Community, { id: body.community_id });
    if (!community) errors.community_id = ['Please choose a group.'];
    const department = body.department_id
      ? await this.em.findOne(Department, { id: body.department_id, company })
      : null;
    if (body.department_id && !department) errors.department_id = ['Please choose a department of the company.'];
    const document = body.document_id
      ? await this.em.findOne(ContactDocument, { id: body.document_id, company, deletedAt: null })
      : null;
    if (body.document_id && !document) errors.document_id = ['Please choose a process of the company.'];
    if (community && !errors.department_id) {
      const twin = await this.em.findOne(CompanyGroupRelation, {
        community,
        company,
        department,
        ...(existing ? { id: { $ne: existing.id } } : {}),
      });
      if (twin) {
        errors.community_id = [
          department
            ? 'This department already has access to the group.'
            : 'The company already has access to the group.',
        ];
      }
    }
    // Selected users count only for limited access; they must be active users of the company.
    const limited = body.user_access_flag === 'limit';
    const users = limited
      ? await this.em.find(User, { id: { $in: body.selected_users }, company, ...PICKABLE_USER })
      : [];
    if (limited && users.length !== body.selected_users.length) {
      errors.selected_users = ['Please choose active users of the company.'];
    }
    if (Object.keys(errors).length) throw new ValidationException(errors);

    const relation =
      existing ??
      this.em.create(CompanyGroupRelation, {
        community: community!,
        company,
        memberRelationship: defaultMemberRelationship(
          community!.type,
          community!.sponsorCompany?.id ?? null,
          company.id,
        ),
      });
    relation.community = community!;
    relation.department = department;
    relation.document = document;
    relation.isActive = body.is_active === 1;
    relation.userAccessFlag = body.user_access_flag;
    if (body.member_relationship) relation.memberRelationship = body.member_relationship;
    relation.users.set(users);
    await this.em.flush();
    await this.em.populate(relation, ['community', 'users']);
    return { success: true, message: RELATION_SAVED, relation: toRelation(relation) };
  }

  private async find(company: Company, relationId: number): Promise<CompanyGroupRelation> {
    const relation = await this.em.findOne(
      CompanyGroupRelation,
      { id: relationId, company },
      { populate: ['community', 'users'] },
    );
    if (!relation) throw new NotFoundException(RELATION_NOT_FOUND);
    return relation;
  }

  /** Active users of the company by first name; those the relation lists are flagged. */
  private async usersOf(company: Company, relation: CompanyGroupRelation | null) {
    const selected = new Set(relation?.users.getItems().map((user) => user.id) ?? []);
    const users = await this.em.find(
      User,
      { company, ...PICKABLE_USER },
      { orderBy: { firstName: 'asc', lastName: 'asc', id: 'asc' } },
    );
    return users.map((user) => ({
      id: user.id,
      first_name: user.firstName,
      last_name: user.lastName,
      email: user.email,
      selected: selected.has(user.id),
    }));
  }
}

function toRelation(relation: CompanyGroupRelation): SuperAdminRelation {
  return {
    id: relation.id,
    company_id: relation.company.id,
    community: {
      id: relation.community.id,
      name: relation.community.name,
      type: relation.community.type,
      sponsor_company_id: relation.community.sponsorCompany?.id ?? null,
    },
    community_id: relation.community.id,
    department_id: relation.department?.id ?? null,
    document_id: relation.document?.id ?? null,
    is_active: relation.isActive ? 1 : 0,
    user_access_flag: relation.userAccessFlag,
    member_relationship: relation.memberRelationship,
    selected_users: relation.users
      .getItems()
      .map((user) => user.id)
      .sort((a, b) => a - b),
  };
}
