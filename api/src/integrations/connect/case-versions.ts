import type { CollaborationRequest } from '@casebridge/contracts';
import { entityTagOf } from '../../platform/connect-http/entity-tags';

/**
 * A case's entity tag: `"<event_seq>.<digest of the body>"`. The seq is the version a write compares (If-Match);
 * the digest tells apart answers of the same version that differ (each side's direction, data purged by retention).
 */
export function caseEntityTag(request: CollaborationRequest): string {
  return `"${request.event_seq}.${entityTagOf(JSON.stringify(request)).slice(1, -1)}"`;
}

/** One strong tag of ours, or the bare `"<event_seq>"` a connector may build from a body. */
const CASE_TAG = /^"(\d{1,10})(?:\.[\w-]*)?"$/;

/**
 * The case versions an If-Match header accepts: undefined when it sets no condition (absent, blank or `*`: the case
 * exists whenever the write gets that far), else the event_seq of each tag. Weak and foreign tags name no version
 * (If-Match compares strongly), so a header of only those can never match: the write answers 412.
 */
export function ifMatchEventSeqs(header: string | undefined): number[] | undefined {
  const text = header?.trim();
  if (!text || text === '*') return undefined;
  return text
    .split(',')
    .map((tag) => CASE_TAG.exec(tag.trim()))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => Number(match[1]));
}
