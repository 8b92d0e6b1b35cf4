import { ForbiddenException, NotFoundException } from '@nestjs/common';
import type { ModuleRef } from '@nestjs/core';
import type { EXPORT_PARAMS, ExportKind } from '@casebridge/contracts';
import { COMPANY_NOT_FOUND, GROUP_NOT_FOUND, MESSAGES } from '@casebridge/contracts';
import { Community, Company, type ServerConfig } from '@casebridge/db';
import { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import type { Actor } from '../access/actor';
import { CaseAccessService } from '../../cases/case-access.service';
import { GroupAccessService } from '../../groups/company-admin/group-access.service';
import { isAllowed } from '../access/access.guard';
import { ValidationException } from '../common/errors';
import { SERVER_CONFIG } from '../config/config.module';

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
  // The back office's Reports page (spec 3 §2.12): super admins only; ranges arrive checked (YYYY-MM-DD days).
  user_logins: { authorize: async (range, { actor }) => superAdminReport(actor, range) },
  processes_viewed: { authorize: async (range, { actor }) => superAdminReport(actor, range) },
  word_search: { authorize: async (range, { actor }) => superAdminReport(actor, range) },
  managers: { authorize: async (_params, { actor }) => superAdminReport(actor, {}) },
  mail_domain: { authorize: async (_params, { actor }) => superAdminReport(actor, {}) },
  user_aged_logins: { authorize: async (_params, { actor }) => superAdminReport(actor, {}) },
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
    // Company admins export their own company (company_id ignored); super admins the company they name.
    async authorize({ company_id }, { actor, services }) {
      if (isAllowed('super_admin', actor)) {
        if (company_id === undefined)
          throw ValidationException.forField('params.company_id', 'The company is required.');
        const em = services.get(EntityManager, { strict: false });
        if (!(await em.count(Company, { id: company_id }))) throw new NotFoundException(COMPANY_NOT_FOUND);
        return { company_id };
      }
      if (!isAllowed('company_admin', actor) || actor.companyId === null) {
        throw new ForbiddenException('Only company administrators may export the users of their company.');
      }
      return { company_id: actor.companyId };
    },
  },
  companies: {
    // The back office's companies.xlsx.
    async authorize(_params, { actor, services }) {
      if (!isAllowed('super_admin', actor)) throw new ForbiddenException(MESSAGES.noAccess);
      // The worker builds the login page links from the address users reach the app at.
      return { public_url: services.get<ServerConfig>(SERVER_CONFIG, { strict: false }).PUBLIC_URL };
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
  inactive_users: {
    // The back office's Inactive Users list.
    async authorize(_params, { actor }) {
      if (!isAllowed('super_admin', actor)) throw new ForbiddenException(MESSAGES.noAccess);
      return {};
    },
  },
  partners: {
    // Company admins, always of their own company (My Partners).
    async authorize(_params, { actor, services }) {
      if (!isAllowed('company_admin', actor)) throw new ForbiddenException(MESSAGES.noAccess);
      return { company_id: services.get(GroupAccessService, { strict: false }).companyOf(actor) };
    },
  },
  groups: {
    // The back office's groups.xlsx; the worker builds the registration page links from the public address.
    async authorize(_params, { actor, services }) {
      if (!isAllowed('super_admin', actor)) throw new ForbiddenException(MESSAGES.noAccess);
      return { public_url: services.get<ServerConfig>(SERVER_CONFIG, { strict: false }).PUBLIC_URL };
    },
  },
  group_partners: {
    // Super admins, for any existing group (404 unknown).
    async authorize({ group_id }, { actor, services }) {
      if (!isAllowed('super_admin', actor)) throw new ForbiddenException(MESSAGES.noAccess);
      const em = services.get(EntityManager, { strict: false });
      if (!(await em.count(Community, { id: group_id }))) throw new NotFoundException(GROUP_NOT_FOUND);
      return { group_id };
    },
  },
  escalation: {
    // The back office's escalation queue; the days were checked by the contract, start 0 arrives as null.
    async authorize({ filter, start, end }, { actor }) {
      if (!isAllowed('super_admin', actor)) throw new ForbiddenException(MESSAGES.noAccess);
      return { filter, start: start ?? null, end: end ?? null };
    },
  },
};

/** A back-office report: refused (403) to anyone but a super admin; stores its params as given. */
function superAdminReport(actor: Actor, params: Record<string, unknown>): Record<string, unknown> {
  if (!isAllowed('super_admin', actor)) throw new ForbiddenException(MESSAGES.noAccess);
  return { ...params };
}
