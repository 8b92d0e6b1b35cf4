import type { CaseDetail, PublicCaseResponse } from './api/member/case-detail';
import type { CaseListRow } from './api/member/case-lists';
import type { CaseEventMessage } from './realtime';
import { timelineEntryOf, type CaseTimelineEntry } from './api/member/case-timeline';

/**
 * How a client applies a live case event to what it already holds, without asking the server again. The api's
 * tests prove that applying each message to the previous answer gives exactly the next answer of the REST api
 * (for every audience), and the web app applies the same functions to its cache.
 */

/** Adds or replaces items by id, keeping the order the REST answer uses. */
function upsert<T extends { id: number }>(items: readonly T[], added: readonly T[], where: 'start' | 'end'): T[] {
  const fresh = added.filter((item) => !items.some((existing) => existing.id === item.id));
  const replaced = items.map((existing) => added.find((item) => item.id === existing.id) ?? existing);
  return where === 'start' ? [...[...fresh].reverse(), ...replaced] : [...replaced, ...fresh];
}

/** The member case page's data after the event (notes newest first, the other lists oldest first). */
export function applyCaseEventToDetail(detail: CaseDetail, message: CaseEventMessage): CaseDetail {
  if (message.seq <= detail.event_seq) return detail;
  return {
    ...detail,
    ...message.case,
    controls: message.controls ?? detail.controls,
    responses: message.response ? upsert(detail.responses, [message.response], 'end') : detail.responses,
    notes: message.note ? upsert(detail.notes, [message.note], 'start') : detail.notes,
    attachments: message.attachments ? upsert(detail.attachments, message.attachments, 'end') : detail.attachments,
    escalations: message.escalation ? upsert(detail.escalations, [message.escalation], 'end') : detail.escalations,
    timeline: withTimelineEntry(detail.timeline, timelineEntryOf(message)),
  };
}

/** The timeline with the live entry at its end (seq order), once. */
function withTimelineEntry(timeline: readonly CaseTimelineEntry[], entry: CaseTimelineEntry | null) {
  if (!entry || timeline.some((held) => held.seq === entry.seq)) return [...timeline];
  return [...timeline, entry].sort((a, b) => a.seq - b.seq);
}

/** The token page's data after the event. */
export function applyCaseEventToPublic(page: PublicCaseResponse, message: CaseEventMessage): PublicCaseResponse {
  if (message.seq <= page.case.event_seq) return page;
  const responses = message.response ? upsert(page.allResponses, [message.response], 'end') : page.allResponses;
  return {
    ...page,
    case: { ...page.case, ...message.case, responses },
    allResponses: responses,
    response: responses.length ? responses[responses.length - 1] : null,
    allowed: message.allowed ?? page.allowed,
  };
}

/** A list row of a followed case after the event (its followers get no cases.changed: the header says as much). */
export function applyCaseEventToListRow(row: CaseListRow, message: CaseEventMessage): CaseListRow {
  if (row.token !== message.case_token) return row;
  return {
    ...row,
    status: message.case.status,
    turn: message.case.turn,
    internal_case_number: message.case.internal_case_number,
    partner_case_number: message.case.receiver_case_number,
    updated_at: message.case.updated_at,
    response_due_at: message.case.response_due_at,
    sla_paused: message.case.sla_paused,
    respond_date: row.respond_date ?? (message.response ? message.response.created_at : null),
    // The header names the owner of the follower's own side: the same side as the company's list row.
    assignee: message.case.assignee === undefined ? row.assignee : message.case.assignee,
  };
}
