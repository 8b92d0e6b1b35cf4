import { ForbiddenException } from '@nestjs/common';
import type { ModuleRef } from '@nestjs/core';
import type { EXPORT_PARAMS, ExportKind } from '@casebridge/contracts';
import { MESSAGES } from '@casebridge/contracts';
import type { z } from 'zod';
import type { Actor } from '../access/actor';
import { CaseAccessService } from '../cases/case-access.service';
import { GroupAccessService } from '../admin-groups/group-access.service';
import { isAllowed } from '../access/access.guard';

export interface ExportPolicyContext {
  actor: Actor;
  /** Any provider of the app, so a kind can use its feature's access service without changing this module. */
  services: ModuleRef;
}

/**
 * The api's half of an export kind: who may ask for it. `authorize` throws 403/404 when the actor may not,
 * and returns the params stored with the export (what the worker's row source needs: ids resolved here,
 * never trusted from the request).
 */
export interface ExportPolicy<K extends ExportKind> {
  authorize(
    params: z.output<(typeof EXPORT_PARAMS)[K]>,
    context: ExportPolicyContext,
  ): Promise<Record<string, unknown>>;
}

/** One entry per kind of EXPORT_PARAMS (contracts); the worker's EXPORT_SOURCES has the rows. */
export const EXPORT_POLICIES: { [K in ExportKind]: ExportPolicy<K> } = {
  usage: {
    // Needs only a login (spec 2: reports need only a login), but a company to report on.
    async authorize(range, { actor }) {
      if (actor.companyId === null) throw new ForbiddenException('Usage reports are for members of a company.');
      return { start: range.start, end: range.end, company_id: actor.companyId };
    },
  },
  case_audit: {
    // Members of either company of the case (and super admins); anyone else gets the case's 404.
    async authorize({ token }, { actor, services }) {
      const { kase } = await services.get(CaseAccessService, { strict: false }).forMember(actor, token);
      return { token: kase.token, case_id: kase.id };
    },
  },
  company_users: {
    // Company admins of a company (as the admin/company/users/export endpoint), always of their own company.
    async authorize(_params, { actor }) {
      if (!isAllowed('company_admin', actor) || actor.companyId === null) {
        throw new ForbiddenException('Only company administrators may export the users of their company.');
      }
      return { company_id: actor.companyId };
    },
  },
  group_members: {
    // Company admins of a member company, when the group's partners table is shown to it; other groups are 404.
    async authorize({ group_id }, { actor, services }) {
      if (!isAllowed('company_admin', actor)) throw new ForbiddenException(MESSAGES.noAccess);
      const { companyId, groupId } = await services
        .get(GroupAccessService, { strict: false })
        .assertMembersExportable(actor, group_id);
      return { company_id: companyId, group_id: groupId };
    },
  },
  partners: {
    // Company admins, always of their own company (My Partners).
    async authorize(_params, { actor, services }) {
      if (!isAllowed('company_admin', actor)) throw new ForbiddenException(MESSAGES.noAccess);
      return { company_id: services.get(GroupAccessService, { strict: false }).companyOf(actor) };
    },
  },
};
