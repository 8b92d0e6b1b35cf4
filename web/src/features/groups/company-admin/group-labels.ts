import type { UserAccessFlag } from '@casebridge/contracts';

/** User Access column: every user of the company, or only the users given access. */
export function userAccessLabel(flag: UserAccessFlag): string {
  return flag === 'all' ? 'All Users' : 'Limited';
}
