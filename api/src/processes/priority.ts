import {
  PRIORITY_RESTRICTED_MEMBERSHIPS,
  responseTimeHours,
  type MembershipType,
  type Priority,
} from '@casebridge/contracts';
import type { Community } from '@casebridge/db';

export interface PriorityMessagesShape {
  low: string | null;
  medium: string | null;
  high: string | null;
}

/** The SLA group of a receiving process: the first active group with custom_sla among the candidates. */
export function slaGroupOf(candidates: Community[]): Community | null {
  return candidates.find((group) => group.status === 'active' && group.customSla) ?? null;
}

/** The custom priority messages of an SLA group, or null when it has none (or there is no group). */
export function priorityMessagesOf(group: Community | null): PriorityMessagesShape | null {
  if (!group) return null;
  const messages = { low: group.p3Message || null, medium: group.p2Message || null, high: group.p1Message || null };
  return messages.low || messages.medium || messages.high ? messages : null;
}

/**
 * The priority is forced to low (and the select disabled) when the submitting or the receiving company
 * has basic or standard membership, unless custom priority messages exist.
 */
export function isPriorityLocked(
  submitter: MembershipType,
  receiver: MembershipType,
  messages: PriorityMessagesShape | null,
): boolean {
  if (messages) return false;
  return PRIORITY_RESTRICTED_MEMBERSHIPS.includes(submitter) || PRIORITY_RESTRICTED_MEMBERSHIPS.includes(receiver);
}

/** Hours the receiver has to answer: the SLA group's time for the priority, else the default (one rule, in sla.ts). */
export function responseHours(group: Community | null, priority: Priority): number {
  return responseTimeHours(priority, group);
}
