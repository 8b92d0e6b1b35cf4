import { ConflictException, Injectable } from '@nestjs/common';
import {
  isCompanyAdminRole,
  LOGIN_METHOD_LABELS,
  rooms,
  SERVER_EVENTS,
  USER_DELETED,
  USER_SAVED,
  type CompanyUsersResponse,
  type LoginMethod,
  type ManagedUserBody,
  type UserStatus,
} from '@casebridge/contracts';
import { Company, CompanyGroupRelation, Country, hashPassword, User } from '@casebridge/db';
import { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import type { Actor } from '../access/actor';
import { RegistrationService } from '../accounts/registration.service';
import { SessionTokenService } from '../auth/session-token.service';
import { ValidationException } from '../common/errors';
import { RealtimePublisher } from '../realtime/realtime.publisher';
import { groupOptions, toManagedUser, toUserRow } from './admin-company.mappers';
import { AdminScopeService } from './admin-scope.service';

type UserBody = z.output<typeof ManagedUserBody>;

/** The users page of the admin area: list, create, edit, enable/disable and delete users of the own company. */
@Injectable()
export class CompanyUsersService {
  constructor(
    private readonly em: EntityManager,
    private readonly scope: AdminScopeService,
    private readonly registrations: RegistrationService,
    private readonly sessions: SessionTokenService,
    private readonly publisher: RealtimePublisher,
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
      limited: company.membershipType === 'limited',
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
    const relations = await this.scope.relations(company);
    await this.validate(company, existing, body, relations);

    const user = existing ?? (await this.create(company, body));
    Object.assign(user, {
      firstName: body.first_name,
      lastName: body.last_name,
      email: body.email,
      phone: body.phone,
      phoneCountryCode: body.phone_country_code || user.phoneCountryCode,
      country: body.country_id ? this.em.getReference(Country, body.country_id) : null,
      city: body.city,
      role: body.role,
      type: body.type,
    });
    this.applyGroupAccess(user, relations, body.group_access);
    await this.em.flush();
    await this.em.populate(user, ['country']);
    return { success: true, message: USER_SAVED, user: toManagedUser(user, relations) };
  }

  async setStatus(actor: Actor, id: number, status: UserStatus) {
    const user = await this.scope.user(actor, id);
    if (user.id === actor.userId && status === 'inactive') throw new ConflictException('You cannot disable yourself.');
    user.status = status;
    await this.em.flush();
    if (status === 'inactive') await this.endSessions(user.id, 'user_disabled');
    const relations = await this.scope.relations(await this.scope.company(actor));
    return {
      success: true,
      message: `User ${status === 'active' ? 'enabled' : 'disabled'}.`,
      user: toManagedUser(user, relations),
    };
  }

  /** Cases, notes and responses the user wrote keep their content (their foreign keys set the author to null). */
  async delete(actor: Actor, id: number) {
    const user = await this.scope.user(actor, id);
    if (user.id === actor.userId) throw new ConflictException('You cannot delete yourself.');
    await this.em.transactional(async (em) => {
      await this.sessions.revokeUserSessions(user.id, 'account_deleted');
      await em.nativeDelete(User, { id: user.id });
    });
    this.em.getUnitOfWork().unsetIdentity(user);
    this.endSockets(user.id);
    return { success: true, message: USER_DELETED };
  }

  private async create(company: Company, body: UserBody): Promise<User> {
    // SSO companies sign in at their identity provider; only api users keep a password there.
    const usesPassword = company.loginMethod !== 'sso' || body.role === 'api';
    return this.em.create(User, {
      firstName: body.first_name,
      lastName: body.last_name,
      email: body.email,
      company,
      status: 'active',
      approvalStatus: 'approved',
      emailVerifiedAt: new Date(),
      registrationType: 'admin',
      passwordHash: usesPassword && body.password ? await hashPassword(body.password) : null,
    });
  }

  /** Every field problem in one 422. */
  private async validate(company: Company, existing: User | null, body: UserBody, relations: CompanyGroupRelation[]) {
    const errors: Record<string, string[]> = {};
    await this.registrations.assertEmailFree(body.email, existing?.id).catch((error: unknown) => {
      if (!(error instanceof ValidationException)) throw error;
      Object.assign(errors, error.errors);
    });
    const needsPassword = !existing && (company.loginMethod !== 'sso' || body.role === 'api');
    if (needsPassword && !body.password) errors.password = ['The password field is required.'];
    if (body.country_id && !(await this.em.count(Country, { id: body.country_id }))) {
      errors.country_id = ['The selected country is invalid.'];
    }
    const offered = new Set(groupOptions(relations).map((group) => group.id));
    if (body.group_access.some((groupId) => !offered.has(groupId)))
      errors.group_access = ['The selected group is invalid.'];
    if (Object.keys(errors).length) throw new ValidationException(errors);
  }

  /** Only "limit" relations list users; the "all" ones reach every user anyway. */
  private applyGroupAccess(user: User, relations: CompanyGroupRelation[], groupIds: number[]): void {
    const wanted = new Set(groupIds);
    for (const relation of relations) {
      if (relation.userAccessFlag !== 'limit') continue;
      if (wanted.has(relation.community.id)) {
        if (!relation.users.contains(user, false)) relation.users.add(user);
      } else if (relation.users.contains(user, false)) {
        relation.users.remove(user);
      }
    }
  }

  private async endSessions(userId: number, reason: string): Promise<void> {
    await this.sessions.revokeUserSessions(userId, reason);
    this.endSockets(userId);
  }

  /** Open pages learn why, then the sockets close; the next request answers 401. */
  private endSockets(userId: number): void {
    this.publisher.emit(rooms.user(userId), SERVER_EVENTS.sessionEnded, { reason: 'disabled' });
    this.publisher.disconnectRoom(rooms.user(userId));
  }
}
