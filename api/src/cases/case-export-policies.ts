import { ForbiddenException, Injectable } from '@nestjs/common';
import { MESSAGES } from '@casebridge/contracts';
import { isAllowed } from '../platform/access/access.guard';
import { ExportPolicies, type ExportPolicyMap, type ExportPolicyProvider } from '../platform/exports/export-policy';
import { CaseAccessService } from './case-access.service';

/** Who may export a case's audit trail and the back office's escalation queue. */
@ExportPolicies()
@Injectable()
export class CaseExportPolicies implements ExportPolicyProvider {
  constructor(private readonly caseAccess: CaseAccessService) {}

  readonly policies: ExportPolicyMap = {
    case_audit: {
      // Members of either company of the case (and super admins); anyone else gets the case's 404. The side
      // decides which internal notes the timeline holds: only its own company's (none for a super admin).
      authorize: async ({ token }, actor) => {
        const { kase, side } = await this.caseAccess.forMember(actor, token);
        return { token: kase.token, case_id: kase.id, side };
      },
    },
    escalation: {
      // The back office's escalation queue; the days were checked by the contract, start 0 arrives as null.
      async authorize({ filter, start, end }, actor) {
        if (!isAllowed('super_admin', actor)) throw new ForbiddenException(MESSAGES.noAccess);
        return { filter, start: start ?? null, end: end ?? null };
      },
    },
  };
}
