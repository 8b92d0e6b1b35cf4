import { toBackOfficeRegistrationRow } from '../../accounts';
import { Injectable, NotFoundException } from '@nestjs/common';
import { REGISTRATION_NOT_FOUND } from '@casebridge/contracts';
import { User } from '@casebridge/db';
import { EntityManager } from '@mikro-orm/postgresql';
import { RegistrationService } from '../../accounts/registration.service';

/**
 * The back-office dashboard's user registration queue: every company's pending registrations, decided with the
 * same rule and mails as the company admins' queue and the e-mailed links (RegistrationService.applyDecision).
 */
@Injectable()
export class BackOfficeQueueService {
  constructor(
    private readonly em: EntityManager,
    private readonly registrations: RegistrationService,
  ) {}

  async queue() {
    const pending = await this.em.find(
      User,
      { approvalStatus: 'pending', company: { $ne: null } },
      { populate: ['company'], orderBy: { createdAt: 'asc', id: 'asc' } },
    );
    return { queue: pending.map(toBackOfficeRegistrationRow) };
  }

  /** Unknown ids are 404; a registration decided before (by link or by an admin) is 409. */
  async decide(userId: number, approved: boolean) {
    const user = await this.em.findOne(User, { id: userId, company: { $ne: null } }, { populate: ['company'] });
    if (!user) throw new NotFoundException(REGISTRATION_NOT_FOUND);
    return this.registrations.applyDecision(user, approved, '');
  }
}
