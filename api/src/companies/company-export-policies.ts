import { ForbiddenException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { COMPANY_NOT_FOUND, MESSAGES } from '@casebridge/contracts';
import { Company } from '@casebridge/db';
import { type ServerConfig } from '@casebridge/server-core';
import { EntityManager } from '@mikro-orm/postgresql';
import { isAllowed } from '../platform/access/access.guard';
import { ValidationException } from '../platform/common/errors';
import { SERVER_CONFIG } from '../platform/config/config.module';
import { ExportPolicies, type ExportPolicyMap, type ExportPolicyProvider } from '../platform/exports/export-policy';

/** Who may export companies and their users: the back office's lists, and a company admin's own users. */
@ExportPolicies()
@Injectable()
export class CompanyExportPolicies implements ExportPolicyProvider {
  constructor(
    private readonly em: EntityManager,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  readonly policies: ExportPolicyMap = {
    company_users: {
      // Company admins export their own company (company_id ignored); super admins the company they name.
      authorize: async ({ company_id }, actor) => {
        if (isAllowed('super_admin', actor)) {
          if (company_id === undefined)
            throw ValidationException.forField('params.company_id', 'The company is required.');
          if (!(await this.em.count(Company, { id: company_id }))) throw new NotFoundException(COMPANY_NOT_FOUND);
          return { company_id };
        }
        if (!isAllowed('company_admin', actor) || actor.companyId === null) {
          throw new ForbiddenException('Only company administrators may export the users of their company.');
        }
        return { company_id: actor.companyId };
      },
    },
    companies: {
      // The back office's companies.xlsx; the worker builds the login page links from the public address.
      authorize: async (_params, actor) => {
        if (!isAllowed('super_admin', actor)) throw new ForbiddenException(MESSAGES.noAccess);
        return { public_url: this.config.PUBLIC_URL };
      },
    },
    inactive_users: {
      // The back office's Inactive Users list.
      async authorize(_params, actor) {
        if (!isAllowed('super_admin', actor)) throw new ForbiddenException(MESSAGES.noAccess);
        return {};
      },
    },
  };
}
