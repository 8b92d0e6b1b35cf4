import type { ExportKind } from '@casebridge/contracts';
import type { ExportSource } from './export-source';
import { caseAuditSource } from './sources/case-audit.source';
import { companiesSource } from './sources/companies.source';
import { companyUsersSource } from './sources/company-users.source';
import { groupMembersSource, partnersSource } from './sources/group-partners.source';
import { groupPartnersSource, groupsSource } from './sources/groups.source';
import { inactiveUsersSource } from './sources/inactive-users.source';
import { escalationSource } from './sources/escalation.source';
import { usageSource } from './sources/usage.source';
import { processesViewedSource, userLoginsSource, wordSearchSource } from './sources/report-activity.source';
import { mailDomainSource, managersSource, userAgedLoginsSource } from './sources/report-users.source';

/** One entry per kind of EXPORT_PARAMS (contracts); the api's export policies (registered by each domain, @ExportPolicies()) decide who may ask. */
export const EXPORT_SOURCES: Record<ExportKind, ExportSource> = {
  user_logins: userLoginsSource,
  processes_viewed: processesViewedSource,
  word_search: wordSearchSource,
  managers: managersSource,
  mail_domain: mailDomainSource,
  user_aged_logins: userAgedLoginsSource,
  usage: usageSource,
  case_audit: caseAuditSource,
  company_users: companyUsersSource,
  group_members: groupMembersSource,
  partners: partnersSource,
  companies: companiesSource,
  inactive_users: inactiveUsersSource,
  groups: groupsSource,
  group_partners: groupPartnersSource,
  escalation: escalationSource,
};

export function sourceOf(kind: string): ExportSource | null {
  return Object.prototype.hasOwnProperty.call(EXPORT_SOURCES, kind) ? EXPORT_SOURCES[kind as ExportKind] : null;
}
