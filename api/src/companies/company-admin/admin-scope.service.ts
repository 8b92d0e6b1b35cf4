import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { MESSAGES } from '@casebridge/contracts';
import { Company, CompanyGroupRelation, User } from '@casebridge/db';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Actor } from '../../platform/access/actor';

export const USER_NOT_FOUND = 'User not found.';

/**
 * The one place where a company admin's reach is decided: the admin's own company and what belongs to it.
 * Anything of another company answers 404, so its existence is not revealed.
 */
@Injectable()
export class AdminScopeService {
  constructor(private readonly em: EntityManager) {}

  async company(actor: Actor): Promise<Company> {
    // AccessGuard lets company_admin endpoints through only with a company; this keeps the type honest.
    if (actor.companyId === null) throw new ForbiddenException(MESSAGES.noAccess);
    const company = await this.em.findOne(Company, { id: actor.companyId });
    if (!company) throw new NotFoundException('Company not found.');
    return company;
  }

  /** The own company when `id` names it, else 404. */
  async ownCompany(actor: Actor, id: number): Promise<Company> {
    if (actor.companyId !== id) throw new NotFoundException('Company not found.');
    return this.company(actor);
  }

  async user(actor: Actor, id: number): Promise<User> {
    if (actor.companyId === null) throw new ForbiddenException(MESSAGES.noAccess);
    const user = await this.em.findOne(User, { id, company: actor.companyId }, { populate: ['company', 'country'] });
    if (!user) throw new NotFoundException(USER_NOT_FOUND);
    return user;
  }

  /** Active group memberships of the company (company-wide and its departments'). */
  async relations(company: Company): Promise<CompanyGroupRelation[]> {
    return this.em.find(
      CompanyGroupRelation,
      { company, isActive: true },
      {
        populate: ['community.sponsorCompany', 'department', 'document', 'users'],
        orderBy: { community: { name: 'asc' }, id: 'asc' },
      },
    );
  }
}
