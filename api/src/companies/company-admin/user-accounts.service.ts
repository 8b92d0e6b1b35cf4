import { Injectable } from '@nestjs/common';
import { type ManagedUserFields, type SessionEndedMessage, type UserStatus } from '@casebridge/contracts';
import { Company, CompanyGroupRelation, Country, User } from '@casebridge/db';
import { hashPassword } from '@casebridge/server-core';
import { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import { RegistrationService } from '../../accounts/registration.service';
import { SessionTokenService } from '../../platform/authentication/session-token.service';
import type { BodyCheck } from '../../platform/common/body-check';
import { collectFieldErrors } from '../../platform/common/errors';
import { RealtimePublisher } from '../../platform/realtime/realtime.publisher';
import { groupOptions } from './admin-company.mappers';
import { AdminScopeService } from './admin-scope.service';

export type UserFormBody = z.output<typeof ManagedUserFields>;

/**
 * The rules of a company user's account, whoever manages it (the company's admin or a super admin): validate and
 * save the user form for a given company, enable/disable, set a password, delete, and end sessions and sockets.
 * Callers decide whose users they may reach; this service only applies the rules.
 */
@Injectable()
export class UserAccountsService {
  constructor(
    private readonly em: EntityManager,
    private readonly scope: AdminScopeService,
    private readonly registrations: RegistrationService,
    private readonly sessions: SessionTokenService,
    private readonly publisher: RealtimePublisher,
  ) {}

  /**
   * The account rules that need the database, added to the form's schema errors so one 422 names every field: a
   * taken e-mail, a missing password, a country or group that does not exist. Fields the schema refused are skipped.
   */
  async check(company: Company, existing: User | null, form: BodyCheck<UserFormBody>): Promise<void> {
    const errors: Record<string, string[]> = {};
    const email = form.field('email');
    if (email !== undefined) {
      await this.registrations
        .assertEmailFree(email, existing?.id)
        .catch((error: unknown) => collectFieldErrors(error, errors));
    }
    const needsPassword = !existing && this.usesPassword(company, form.field('role') ?? '');
    if (needsPassword && !form.failed('password') && !form.field('password')) {
      errors.password = ['The password field is required.'];
    }
    const countryId = form.field('country_id');
    if (countryId && !(await this.em.count(Country, { id: countryId }))) {
      errors.country_id = ['The selected country is invalid.'];
    }
    const offered = new Set(groupOptions(await this.scope.relations(company)).map((group) => group.id));
    if (form.field('group_access')?.some((groupId) => !offered.has(groupId))) {
      errors.group_access = ['The selected group is invalid.'];
    }
    form.add(errors);
  }

  /** Creates (existing null) or updates a user of `company` with a body that passed `check`. */
  async save(
    company: Company,
    existing: User | null,
    body: UserFormBody,
  ): Promise<{ user: User; relations: CompanyGroupRelation[] }> {
    const relations = await this.scope.relations(company);
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
    await this.em.populate(user, ['country', 'company']);
    return { user, relations };
  }

  /** Disabling ends the user's sessions and sockets at once. */
  async setStatus(user: User, status: UserStatus): Promise<void> {
    user.status = status;
    await this.em.flush();
    if (status === 'inactive') await this.endSessions(user.id, 'user_disabled', 'disabled');
  }

  /** A password set by an administrator ends the user's sessions: whoever had them must sign in with the new one. */
  async setPassword(user: User, password: string): Promise<void> {
    user.passwordHash = await hashPassword(password);
    await this.em.flush();
    await this.endSessions(user.id, 'password_set_by_admin', 'password_changed');
  }

  /** Cases, notes and responses the user wrote keep their content (their foreign keys set the author to null). */
  async delete(user: User): Promise<void> {
    await this.em.transactional(async (em) => {
      await this.sessions.revokeUserSessions(user.id, 'account_deleted');
      await em.nativeDelete(User, { id: user.id });
    });
    this.em.getUnitOfWork().unsetIdentity(user);
    this.publisher.endUser(user.id, 'disabled');
  }

  async endSessions(userId: number, reason: string, told: SessionEndedMessage['reason']): Promise<void> {
    await this.sessions.revokeUserSessions(userId, reason);
    this.publisher.endUser(userId, told);
  }

  /** Whether the company's users sign in with a password: not at an SSO company, except api users. */
  usesPassword(company: Company, role: string): boolean {
    return company.loginMethod !== 'sso' || role === 'api';
  }

  private async create(company: Company, body: UserFormBody): Promise<User> {
    return this.em.create(User, {
      firstName: body.first_name,
      lastName: body.last_name,
      email: body.email,
      company,
      status: 'active',
      approvalStatus: 'approved',
      emailVerifiedAt: new Date(),
      registrationType: 'admin',
      passwordHash: this.usesPassword(company, body.role) && body.password ? await hashPassword(body.password) : null,
    });
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
}
