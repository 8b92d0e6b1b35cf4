import { Injectable } from '@nestjs/common';
import { SEARCH_RESULTS_MAX, type CompanySearchHit, type UserSearchHit } from '@casebridge/contracts';
import { Company, User } from '@casebridge/db';
import { EntityManager, raw } from '@mikro-orm/postgresql';
import { likePattern } from './super-admin-users.mappers';

/** The back-office dashboard's two search boxes: companies by name or slug, company users by name or e-mail. */
@Injectable()
export class BackOfficeSearchService {
  constructor(private readonly em: EntityManager) {}

  async companies(term: string): Promise<{ results: CompanySearchHit[] }> {
    const pattern = likePattern(term);
    const companies = await this.em.find(
      Company,
      { $or: [{ name: { $ilike: pattern } }, { slug: { $ilike: pattern } }] },
      { orderBy: { name: 'asc', id: 'asc' }, limit: SEARCH_RESULTS_MAX },
    );
    return {
      results: companies.map((company) => ({
        id: company.id,
        name: company.name,
        slug: company.slug,
        membership_type: company.membershipType,
        status: company.status,
      })),
    };
  }

  /** Approved users of a company: pending registrations are in the queue, super admins have no user form. */
  async users(term: string): Promise<{ results: UserSearchHit[] }> {
    const pattern = likePattern(term);
    const users = await this.em.find(
      User,
      {
        company: { $ne: null },
        approvalStatus: 'approved',
        $or: [
          { firstName: { $ilike: pattern } },
          { lastName: { $ilike: pattern } },
          { email: { $ilike: pattern } },
          // "Jane Do" finds Jane Doe.
          { [raw((alias) => `${alias}.first_name || ' ' || ${alias}.last_name`)]: { $ilike: pattern } },
        ],
      },
      { populate: ['company'], orderBy: { lastName: 'asc', firstName: 'asc', id: 'asc' }, limit: SEARCH_RESULTS_MAX },
    );
    return {
      results: users.map((user) => ({
        id: user.id,
        first_name: user.firstName,
        last_name: user.lastName,
        email: user.email,
        company_id: user.company!.id,
        company_name: user.company!.name,
      })),
    };
  }
}
