import { ConflictException, Injectable } from '@nestjs/common';
import {
  isCompanyAdminRole,
  isLimitedMembership,
  LOGIN_METHOD_LABELS,
  USER_DELETED,
  USER_SAVED,
  type CompanyUsersResponse,
  type LoginMethod,
  type ManagedUserBody,
  type UserStatus,
} from '@casebridge/contracts';
import { User } from '@casebridge/db';
import { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import type { Actor } from '../access/actor';
import { groupOptions, toManagedUser, toUserRow } from './admin-company.mappers';
import { AdminScopeService } from './admin-scope.service';
import { UserAccountsService } from './user-accounts.service';

type UserBody = z.output<typeof ManagedUserBody>;

/** The users page of the admin area: list, create, edit, enable/disable and delete users of the own company. */
@Injectable()
export class CompanyUsersService {
  constructor(
    private readonly em: EntityManager,
    private readonly scope: AdminScopeService,
    private readonly accounts: UserAccountsService,
  ) {}

  async list(actor: Actor): Promise<CompanyUsersResponse> {
    const company = await this.scope.company(actor);
    // Pending and rejected registrations belong to the queue, not to the users table.
    const users = await this.em.find(
      User,
      { company, approvalStatus: 'approved' },
      { orderBy: { lastName: 'asc', firstName: 'asc', id: 'asc' } },
    );
    return {
      users: users.map(toUserRow),
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

  async save(actor: Actor, id: number, body: UserBody) {
    const company = await this.scope.company(actor);
    const existing = id === 0 ? null : await this.scope.user(actor, id);
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
