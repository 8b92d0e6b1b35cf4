import { ForbiddenException, Injectable } from '@nestjs/common';
import { MESSAGES } from '@casebridge/contracts';
import type { Actor } from '../platform/access/actor';
import { isAllowed } from '../platform/access/access.guard';
import { ExportPolicies, type ExportPolicyMap, type ExportPolicyProvider } from '../platform/exports/export-policy';

/** Who may export the reports: the back office's six, and a company's usage report. */
@ExportPolicies()
@Injectable()
export class ReportExportPolicies implements ExportPolicyProvider {
  readonly policies: ExportPolicyMap = {
    // The back office's Reports page: super admins only; ranges arrive checked (YYYY-MM-DD days).
    user_logins: { authorize: async (range, actor) => superAdminReport(actor, range) },
    processes_viewed: { authorize: async (range, actor) => superAdminReport(actor, range) },
    word_search: { authorize: async (range, actor) => superAdminReport(actor, range) },
    managers: { authorize: async (_params, actor) => superAdminReport(actor, {}) },
    mail_domain: { authorize: async (_params, actor) => superAdminReport(actor, {}) },
    user_aged_logins: { authorize: async (_params, actor) => superAdminReport(actor, {}) },
    usage: {
      // Needs only a sign-in (any member may report on their company's usage), but a company to report on.
      async authorize(range, actor) {
        if (actor.companyId === null) throw new ForbiddenException('Usage reports are for members of a company.');
        return { start: range.start, end: range.end, company_id: actor.companyId };
      },
    },
  };
}

/** A back-office report: refused (403) to anyone but a super admin; stores its params as given. */
function superAdminReport(actor: Actor, params: Record<string, unknown>): Record<string, unknown> {
  if (!isAllowed('super_admin', actor)) throw new ForbiddenException(MESSAGES.noAccess);
  return { ...params };
}
