import { Injectable, NotFoundException } from '@nestjs/common';
import { COMPANY_NOT_FOUND } from '@casebridge/contracts';
import { Company } from '@casebridge/db';
import { EntityManager } from '@mikro-orm/postgresql';

/** The company a back-office call names by id; 404 when there is none (id 0 included). */
@Injectable()
export class CompanyLookupService {
  constructor(private readonly em: EntityManager) {}

  async company(id: number): Promise<Company> {
    const company = id > 0 ? await this.em.findOne(Company, { id }) : null;
    if (!company) throw new NotFoundException(COMPANY_NOT_FOUND);
    return company;
  }
}
