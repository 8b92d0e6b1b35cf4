import { routePath, type MailJob } from '@casebridge/contracts';
import type { Case } from '@casebridge/db';

/** The dedupe key of a case's late mail: one per case, ever. */
export function lateMailKey(caseId: number): string {
  return `case-late-${caseId}`;
}

/**
 * Who hears that a case is late: the receiving process's escalation user, alternate and alias (without
 * duplicates). A process that names none falls back to its collaborate address, so a late case always reaches
 * someone on the receiving side. Needs documentVersion with escalationUser and altEscalationUser loaded.
 */
export function escalationRecipients(kase: Case): string[] {
  const version = kase.documentVersion;
  const candidates = [version.escalationUser?.email, version.altEscalationUser?.email, version.escalationAlias];
  const seen = new Set<string>();
  const recipients: string[] = [];
  for (const candidate of candidates) {
    const address = candidate?.trim();
    if (!address || seen.has(address.toLowerCase())) continue;
    seen.add(address.toLowerCase());
    recipients.push(address);
  }
  if (recipients.length === 0 && version.collaborateEmail) recipients.push(version.collaborateEmail.trim());
  return recipients;
}

/** The `case-late` mail (every placeholder of the stored template but `product`, which the mail worker adds). */
export function lateMail(kase: Case, publicUrl: string): MailJob | null {
  const to = escalationRecipients(kase);
  if (to.length === 0) return null;
  return {
    template: 'case-late',
    to,
    variables: {
      case_number: kase.internalCaseNumber,
      summary: kase.summary,
      company: kase.submitterCompany.name,
      receiver: kase.receiverCompany.name,
      link: publicUrl + routePath('case-response', { token: kase.token }),
    },
    dedupeKey: lateMailKey(kase.id),
  };
}
