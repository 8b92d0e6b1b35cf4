import { PRIORITY_LABELS, type CaseResponseShape, type Priority } from '@casebridge/contracts';

export function priorityLabel(priority: Priority): string {
  return PRIORITY_LABELS[priority];
}

/** The newest response of a type (responses come oldest first from the api; sort to be sure). */
export function latestResponse(
  responses: readonly CaseResponseShape[],
  type: CaseResponseShape['type'],
): CaseResponseShape | undefined {
  return [...responses]
    .filter((response) => response.type === type)
    .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at) || b.id - a.id)[0];
}

/** The information request still waiting for its answer, if any. */
export function openInformationRequest(responses: readonly CaseResponseShape[]) {
  const request = latestResponse(responses, 'information-request');
  if (!request) return { request: undefined, answer: undefined };
  const answer = latestResponse(responses, 'information-response');
  const answered = answer !== undefined && isAfter(answer, request);
  return { request, answer: answered ? answer : undefined };
}

function isAfter(a: CaseResponseShape, b: CaseResponseShape): boolean {
  const diff = Date.parse(a.created_at) - Date.parse(b.created_at);
  return diff > 0 || (diff === 0 && a.id > b.id);
}

/** What a response says: its next steps, or its additional information (older requests carry their text there). */
export function responseText(response: CaseResponseShape | undefined): string {
  return response?.next_steps || response?.additional_information || '';
}
