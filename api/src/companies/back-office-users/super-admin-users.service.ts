import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import {
  ASSIGNABLE_ROLES,
  COMPANY_NOT_FOUND,
  PASSWORD_UPDATED,
  roleLabel,
  SSO_PASSWORD_REFUSED,
  USER_DELETED,
  USER_SAVED,
  type SuperAdminUserBody,
  type UserStatus,
} from '@casebridge/contracts';
import { Company, User } from '@casebridge/db';
import { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import { ProfileService } from '../../accounts/profile/profile.service';
import { groupAccessOf, groupOptions } from '../company-admin/admin-company.mappers';
import { AdminScopeService, USER_NOT_FOUND } from '../company-admin/admin-scope.service';
import { UserAccountsService } from '../company-admin/user-accounts.service';
import type { BodyCheck } from '../../platform/common/body-check';
import { toFormCompany, toSuperAdminUser } from './super-admin-users.mappers';

type Body = z.output<typeof SuperAdminUserBody>;

export const COMPANY_INVALID = 'The selected company is invalid.';

/**
 * The back office's user form: any company user, through the same account rules as the company
 * admin's users page (UserAccountsService). Users without a company (super admins) are not managed here.
 */
@Injectable()
export class SuperAdminUsersService {
  constructor(
    private readonly em: EntityManager,
    private readonly scope: AdminScopeService,
    private readonly accounts: UserAccountsService,
    private readonly profiles: ProfileService,
  ) {}

  async formData(companyId: number) {
    const company = companyId > 0 ? await this.em.findOne(Company, { id: companyId }) : null;
    if (!company) throw new NotFoundException(COMPANY_NOT_FOUND);
    return {
      company: toFormCompany(company),
      countries: await this.profiles.countries(),
      roles: ASSIGNABLE_ROLES.map((value) => ({ value, label: roleLabel(value) })),
    };
  }

  async get(id: number) {
    const user = await this.userOf(id);
    const company = user.company!;
    const relations = await this.scope.relations(company);
    return {
      user: toSuperAdminUser(user, company, relations),
      access: groupAccessOf(user, relations),
      communities: groupOptions(relations),
    };
  }

  async save(id: number, form: BodyCheck<Body>) {
    const existing = id === 0 ? null : await this.userOf(id);
    const companyId = form.field('company_id');
    const company = companyId === undefined ? null : await this.em.findOne(Company, { id: companyId });
    // A user stays in its company; the form names it so a new user lands in the right one.
    if (!form.failed('company_id') && (!company || (existing && existing.company!.id !== company.id))) {
      form.add({ company_id: [COMPANY_INVALID] });
    }
    // The account rules need the company; without one the form already has its error.
    if (company) await this.accounts.check(company, existing, form);
    const body = form.valid();
    const groupAccess = existing ? body.group_access : await this.withDefaultGroups(company!, body.group_access);
    const { user, relations } = await this.accounts.save(company!, existing, { ...body, group_access: groupAccess });
    return { success: true, message: USER_SAVED, user: toSuperAdminUser(user, company!, relations) };
  }

  async setStatus(id: number, status: UserStatus) {
    const user = await this.userOf(id);
    await this.accounts.setStatus(user, status);
    const relations = await this.scope.relations(user.company!);
    return {
      success: true,
      message: `User ${status === 'active' ? 'enabled' : 'disabled'}.`,
      user: toSuperAdminUser(user, user.company!, relations),
    };
  }

  async setPassword(id: number, password: string) {
    const user = await this.userOf(id);
    // SSO users sign in at their identity provider; a password here would be a way around it.
    if (!this.accounts.usesPassword(user.company!, user.role)) throw new ConflictException(SSO_PASSWORD_REFUSED);
    await this.accounts.setPassword(user, password);
    return { success: true, message: PASSWORD_UPDATED };
  }

  async delete(id: number) {
    const user = await this.userOf(id);
    await this.accounts.delete(user);
    return { success: true, message: USER_DELETED };
  }

  private async userOf(id: number): Promise<User> {
    const user =
      id > 0 ? await this.em.findOne(User, { id, company: { $ne: null } }, { populate: ['company', 'country'] }) : null;
    if (!user) throw new NotFoundException(USER_NOT_FOUND);
    return user;
  }

  /**
   * The back-office form shows no group checkboxes for a new user, so it starts with what a registration on the
   * company page would get: the default groups of the registration settings (those still offered).
   */
  private async withDefaultGroups(company: Company, ids: number[]): Promise<number[]> {
    const defaults = await company.registrationCommunities.loadItems();
    const offered = new Set(groupOptions(await this.scope.relations(company)).map((group) => group.id));
    return [...new Set([...ids, ...defaults.map((group) => group.id).filter((groupId) => offered.has(groupId))])];
  }
}
