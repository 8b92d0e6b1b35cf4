import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { CompanyGroupRelation } from '@casebridge/db';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Actor } from '../../platform/access/actor';
import { partnersVisible } from './group-partners';

export const GROUP_NOT_FOUND = 'Partner group not found.';

export interface GroupMembership {
  companyId: number;
  /** The company's own relation with the group (the company-wide one first, then by age). */
  relation: CompanyGroupRelation;
}

/**
 * The one access check of the partner-group admin pages: a group is reached only through an active relation of
 * the admin's company; any other group, existing or not, is 404.
 */
@Injectable()
export class GroupAccessService {
  constructor(private readonly em: EntityManager) {}

  companyOf(actor: Actor): number {
    if (actor.companyId === null) throw new ForbiddenException('Company administration is for members of a company.');
    return actor.companyId;
  }

  async membership(actor: Actor, groupId: number): Promise<GroupMembership> {
    const companyId = this.companyOf(actor);
    const relations = await this.em.find(
      CompanyGroupRelation,
      { company: companyId, community: groupId, isActive: true },
      { populate: ['community.sponsorCompany', 'department', 'document', 'users'], orderBy: { id: 'asc' } },
    );
    const relation = relations.find((item) => item.department === null) ?? relations[0];
    if (!relation) throw new NotFoundException(GROUP_NOT_FOUND);
    return { companyId, relation };
  }

  /** Exports policy of group_members: the spreadsheet follows the partners table's visibility. */
  async assertMembersExportable(actor: Actor, groupId: number): Promise<{ companyId: number; groupId: number }> {
    const { companyId, relation } = await this.membership(actor, groupId);
    if (!partnersVisible(relation.community, companyId)) {
      throw new ForbiddenException('The partners of this group are not listed to your company.');
    }
    return { companyId, groupId };
  }
}
