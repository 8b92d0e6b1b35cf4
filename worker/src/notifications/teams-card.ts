import {
  CASE_STATUS_LABELS,
  PRIORITY_SLA_LABELS,
  routePath,
  type CaseEventType,
  type CaseStatus,
  type Priority,
} from '@casebridge/contracts';
import type { Case, CaseEvent, Community } from '@casebridge/db';

/**
 * An Office 365 connector "MessageCard", the format Teams incoming webhooks accept. It names the companies,
 * the case number, priority and status, and links to the case; the problem text stays in Casebridge.
 */
export function teamsCard(group: Community, kase: Case, event: CaseEvent, publicUrl: string): Record<string, unknown> {
  const submitter = kase.submitterCompany.name;
  const receiver = kase.receiverCompany.name;
  const late = (event.type as CaseEventType) === 'sla_late';
  const title = late
    ? `Case ${kase.internalCaseNumber} from ${submitter} is past its response time`
    : `New case from ${submitter} to ${receiver}`;
  const link = new URL(routePath('case-info', { token: kase.token }), publicUrl).toString();
  return {
    '@type': 'MessageCard',
    '@context': 'https://schema.org/extensions',
    summary: title,
    // Red for escalations, the product's blue for new cases.
    themeColor: late ? 'D7263D' : '1F6FEB',
    title,
    sections: [
      {
        activityTitle: group.name,
        facts: [
          { name: 'Case', value: kase.internalCaseNumber },
          { name: 'From', value: submitter },
          { name: 'To', value: receiver },
          { name: 'Priority', value: PRIORITY_SLA_LABELS[kase.priority as Priority] },
          { name: 'Status', value: CASE_STATUS_LABELS[kase.status as CaseStatus] },
          { name: late ? 'Late since' : 'Submitted', value: event.createdAt.toISOString() },
        ],
      },
    ],
    potentialAction: [{ '@type': 'OpenUri', name: 'Open case', targets: [{ os: 'default', uri: link }] }],
  };
}
