import { ConflictException, Injectable } from '@nestjs/common';
import {
  isCompanyAdminRole,
  isLimitedMembership,
  LOGIN_METHOD_LABELS,
  USER_DELETED,
  USER_SAVED,
  type CompanyUsersQuery,
  type CompanyUsersResponse,
  type LoginMethod,
  type ManagedUserBody,
  type UserStatus,
} from '@casebridge/contracts';
import { User } from '@casebridge/db';
import { EntityManager, raw, type FilterQuery } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import type { Actor } from '../../platform/access/actor';
import type { BodyCheck } from '../../platform/common/body-check';
import { groupOptions, toManagedUser, toUserRow } from './admin-company.mappers';
import { AdminScopeService } from './admin-scope.service';
import { UserAccountsService } from './user-accounts.service';

type UserBody = z.output<typeof ManagedUserBody>;
type UsersQuery = z.output<typeof CompanyUsersQuery>;

/** The users page of the admin area: list, create, edit, enable/disable and delete users of the own company. */
@Injectable()
export class CompanyUsersService {
  constructor(
    private readonly em: EntityManager,
    private readonly scope: AdminScopeService,
    private readonly accounts: UserAccountsService,
  ) {}

  /** One page of the users table, searched and filtered in the database (the export writes them all). */
  async list(actor: Actor, query: UsersQuery): Promise<CompanyUsersResponse> {
    const company = await this.scope.company(actor);
    // Pending and rejected registrations belong to the queue, not to the users table.
    const where: FilterQuery<User> = { company, approvalStatus: 'approved' };
    if (query.status) where.status = query.status;
    if (query.role) where.role = query.role;
    if (query.q) {
      // The term's own % and _ match themselves.
      const pattern = `%${query.q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
      where.$or = [
        { firstName: { $ilike: pattern } },
        { lastName: { $ilike: pattern } },
        { email: { $ilike: pattern } },
        // "Jane Do" finds Jane Doe.
        { [raw((alias) => `${alias}.first_name || ' ' || ${alias}.last_name`)]: { $ilike: pattern } },
      ];
    }
    const [users, total] = await this.em.findAndCount(User, where, {
      orderBy: { lastName: 'asc', firstName: 'asc', id: 'asc' },
      limit: query.limit,
      offset: (query.page - 1) * query.limit,
    });
    return {
      users: users.map(toUserRow),
      total,
      current_page: query.page,
      per_page: query.limit,
      login_method: company.loginMethod,
      login_method_label: LOGIN_METHOD_LABELS[company.loginMethod as LoginMethod],
      domain: company.loginMethod === 'email_link' ? company.domain : null,
      slug: company.slug,
      registration_queue: company.loginMethod === 'requires_registration',
      // The page offers Contact instead of user changes, which the contracts refuse to a limited membership.
      limited: isLimitedMembership(company.membershipType),
    };
  }

  async get(actor: Actor, id: number) {
    const company = await this.scope.company(actor);
    const relations = await this.scope.relations(company);
    const user = id === 0 ? null : await this.scope.user(actor, id);
    return {
      user: user ? toManagedUser(user, relations) : null,
      communities: groupOptions(relations),
      login_method: company.loginMethod,
    };
  }

  async save(actor: Actor, id: number, form: BodyCheck<UserBody>) {
    const company = await this.scope.company(actor);
    const existing = id === 0 ? null : await this.scope.user(actor, id);
    await this.accounts.check(company, existing, form);
    const body = form.valid();
    if (existing?.id === actor.userId && !isCompanyAdminRole(body.role)) {
      throw new ConflictException('You cannot remove your own administrator role.');
    }
    const { user, relations } = await this.accounts.save(company, existing, body);
    return { success: true, message: USER_SAVED, user: toManagedUser(user, relations) };
  }

  async setStatus(actor: Actor, id: number, status: UserStatus) {
    const user = await this.scope.user(actor, id);
    if (user.id === actor.userId && status === 'inactive') throw new ConflictException('You cannot disable yourself.');
    await this.accounts.setStatus(user, status);
    const relations = await this.scope.relations(await this.scope.company(actor));
    return {
      success: true,
      message: `User ${status === 'active' ? 'enabled' : 'disabled'}.`,
      user: toManagedUser(user, relations),
    };
  }

  async delete(actor: Actor, id: number) {
    const user = await this.scope.user(actor, id);
    if (user.id === actor.userId) throw new ConflictException('You cannot delete yourself.');
    await this.accounts.delete(user);
    return { success: true, message: USER_DELETED };
  }
}
