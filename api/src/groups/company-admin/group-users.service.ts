import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { User, PICKABLE_USER } from '@casebridge/db';
import { EntityManager, raw } from '@mikro-orm/postgresql';
import type { Actor } from '../../platform/access/actor';
import { toAccessUser } from './admin-groups.mappers';
import { GroupAccessService, type GroupMembership } from './group-access.service';

export const EVERYONE_HAS_ACCESS = 'Every user of your company has access to this group.';

/**
 * User Access Management of a group (its calls refuse limited membership in the contracts): with the relation's
 * flag "all" every active user of the company has access; with "limit" only the users listed on the relation.
 */
@Injectable()
export class GroupUsersService {
  constructor(
    private readonly em: EntityManager,
    private readonly access: GroupAccessService,
  ) {}

  async list(actor: Actor, groupId: number) {
    const membership = await this.access.membership(actor, groupId);
    const users = await this.withAccess(membership);
    return { users: users.map(toAccessUser), user_access_flag: membership.relation.userAccessFlag };
  }

  /** Pickable users of the company whose first name, last name, "first last" or e-mail contains the term. */
  async search(actor: Actor, groupId: number, term: string) {
    const membership = await this.access.membership(actor, groupId);
    const pattern = `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    const users = await this.em.find(
      User,
      {
        company: membership.companyId,
        ...PICKABLE_USER,
        $or: [
          { firstName: { $ilike: pattern } },
          { lastName: { $ilike: pattern } },
          { email: { $ilike: pattern } },
          { [raw((alias) => `${alias}.first_name || ' ' || ${alias}.last_name`)]: { $ilike: pattern } },
        ],
      },
      { populate: ['country'], orderBy: { firstName: 'asc', lastName: 'asc', email: 'asc' }, limit: 50 },
    );
    const granted = this.grantedIds(membership);
    return {
      users: users.map((user) => ({
        ...toAccessUser(user),
        group_access: granted === 'all' ? user.status === 'active' : granted.has(user.id),
      })),
    };
  }

  async add(actor: Actor, groupId: number, userId: number): Promise<{ message: string }> {
    const membership = await this.access.membership(actor, groupId);
    if (membership.relation.userAccessFlag === 'all') throw new ConflictException(EVERYONE_HAS_ACCESS);
    const user = await this.em.findOne(User, { id: userId, company: membership.companyId });
    if (!user) throw new NotFoundException('User not found.');
    if (membership.relation.users.contains(user)) return { message: `${user.fullName} already has access.` };
    membership.relation.users.add(user);
    await this.em.flush();
    return { message: `${user.fullName} now has access to ${membership.relation.community.name}.` };
  }

  async remove(actor: Actor, groupId: number, userId: number): Promise<{ message: string }> {
    const membership = await this.access.membership(actor, groupId);
    if (membership.relation.userAccessFlag === 'all') throw new ConflictException(EVERYONE_HAS_ACCESS);
    const user = membership.relation.users.getItems().find((item) => item.id === userId);
    if (!user) throw new NotFoundException('This user has no access to this group.');
    membership.relation.users.remove(user);
    await this.em.flush();
    return { message: `Access removed for ${user.fullName}.` };
  }

  private grantedIds(membership: GroupMembership): 'all' | Set<number> {
    if (membership.relation.userAccessFlag === 'all') return 'all';
    return new Set(membership.relation.users.getItems().map((user) => user.id));
  }

  private async withAccess(membership: GroupMembership): Promise<User[]> {
    const granted = this.grantedIds(membership);
    return this.em.find(
      User,
      granted === 'all'
        ? { company: membership.companyId, status: 'active' }
        : { id: { $in: [...granted] }, company: membership.companyId },
      { populate: ['country'], orderBy: { firstName: 'asc', lastName: 'asc', id: 'asc' } },
    );
  }
}
