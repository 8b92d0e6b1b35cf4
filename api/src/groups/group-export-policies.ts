import { ForbiddenException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { GROUP_NOT_FOUND, MESSAGES } from '@casebridge/contracts';
import { Community } from '@casebridge/db';
import { type ServerConfig } from '@casebridge/server-core';
import { EntityManager } from '@mikro-orm/postgresql';
import { isAllowed } from '../platform/access/access.guard';
import { SERVER_CONFIG } from '../platform/config/config.module';
import { ExportPolicies, type ExportPolicyMap, type ExportPolicyProvider } from '../platform/exports/export-policy';
import { GroupAccessService } from './company-admin/group-access.service';

/** Who may export groups and their partners: the back office's lists, a company admin's groups and My Partners. */
@ExportPolicies()
@Injectable()
export class GroupExportPolicies implements ExportPolicyProvider {
  constructor(
    private readonly em: EntityManager,
    private readonly groupAccess: GroupAccessService,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  readonly policies: ExportPolicyMap = {
    group_members: {
      // Company admins of a member company, when the group's partners table is shown to it; other groups are 404.
      authorize: async ({ group_id }, actor) => {
        if (!isAllowed('company_admin', actor)) throw new ForbiddenException(MESSAGES.noAccess);
        const { companyId, groupId } = await this.groupAccess.assertMembersExportable(actor, group_id);
        return { company_id: companyId, group_id: groupId };
      },
    },
    partners: {
      // Company admins, always of their own company (My Partners).
      authorize: async (_params, actor) => {
        if (!isAllowed('company_admin', actor)) throw new ForbiddenException(MESSAGES.noAccess);
        return { company_id: this.groupAccess.companyOf(actor) };
      },
    },
    groups: {
      // The back office's groups.xlsx; the worker builds the registration page links from the public address.
      authorize: async (_params, actor) => {
        if (!isAllowed('super_admin', actor)) throw new ForbiddenException(MESSAGES.noAccess);
        return { public_url: this.config.PUBLIC_URL };
      },
    },
    group_partners: {
      // Super admins, for any existing group (404 unknown).
      authorize: async ({ group_id }, actor) => {
        if (!isAllowed('super_admin', actor)) throw new ForbiddenException(MESSAGES.noAccess);
        if (!(await this.em.count(Community, { id: group_id }))) throw new NotFoundException(GROUP_NOT_FOUND);
        return { group_id };
      },
    },
  };
}
