import { toRegistrationQueueRow } from '../../accounts';
import { Injectable, NotFoundException } from '@nestjs/common';
import { REGISTRATION_SETTINGS_SAVED, type RegistrationSettingsBody } from '@casebridge/contracts';
import { Community, type Company, User, PICKABLE_USER } from '@casebridge/db';
import { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import type { Actor } from '../../platform/access/actor';
import { RegistrationService } from '../../accounts/registration.service';
import { ValidationException } from '../../platform/common/errors';
import { groupOptions, openGroupIds, toRegistrationSettings } from './admin-company.mappers';
import { AdminScopeService } from './admin-scope.service';

type SettingsBody = z.output<typeof RegistrationSettingsBody>;

const REGISTRATION_NOT_FOUND = 'Registration not found.';

/** Registration settings and the approval queue of the admin's company. */
@Injectable()
export class RegistrationSettingsService {
  constructor(
    private readonly em: EntityManager,
    private readonly scope: AdminScopeService,
    private readonly registrations: RegistrationService,
  ) {}

  /** Limited memberships never get here: the contract refuses them (refusesLimitedMembership). */
  async save(actor: Actor, body: SettingsBody) {
    return this.saveFor(await this.scope.company(actor), body);
  }

  /**
   * The one rule for saving a company's registration settings, whoever asks (the company's admin above, or a
   * super admin for any company): managers must be active, approved users of the company, groups must be groups
   * of its active relations, and the "all" groups are always included.
   */
  async saveFor(company: Company, body: SettingsBody) {
    const errors: Record<string, string[]> = {};
    const signupManager = await this.activeUserOf(company.id, body.signup_manager_id);
    if (!signupManager) errors.signup_manager_id = ['The selected signup manager is invalid.'];
    const altManager = body.alt_signup_manager_id
      ? await this.activeUserOf(company.id, body.alt_signup_manager_id)
      : null;
    if (body.alt_signup_manager_id && !altManager) {
      errors.alt_signup_manager_id = ['The selected alternate signup manager is invalid.'];
    }
    const relations = await this.scope.relations(company);
    const offered = new Set(groupOptions(relations).map((group) => group.id));
    if (body.group_access.some((id) => !offered.has(id))) errors.group_access = ['The selected group is invalid.'];
    if (Object.keys(errors).length) throw new ValidationException(errors);

    await this.em.populate(company, ['registrationCommunities']);
    // Groups every user of the company reaches are always part of the default access.
    const ids = [...new Set([...body.group_access, ...openGroupIds(relations)])];
    company.requiresApproval = body.requires_approval === 1;
    company.signupManager = signupManager;
    company.altSignupManager = altManager;
    company.registrationCommunities.set(ids.map((id) => this.em.getReference(Community, id)));
    await this.em.flush();
    return { success: true, message: REGISTRATION_SETTINGS_SAVED, settings: toRegistrationSettings(company) };
  }

  async queue(actor: Actor) {
    const company = await this.scope.company(actor);
    const pending = await this.em.find(
      User,
      { company, approvalStatus: 'pending' },
      { orderBy: { createdAt: 'asc', id: 'asc' } },
    );
    return { queue: pending.map(toRegistrationQueueRow) };
  }

  /** Another company's user is 404; a registration decided before (by link or queue) is 409. */
  async decide(actor: Actor, userId: number, approved: boolean) {
    const user = await this.scope.user(actor, userId).catch(() => {
      throw new NotFoundException(REGISTRATION_NOT_FOUND);
    });
    return this.registrations.applyDecision(user, approved, '');
  }

  private async activeUserOf(companyId: number, id: number): Promise<User | null> {
    return this.em.findOne(User, { id, company: companyId, ...PICKABLE_USER });
  }
}
