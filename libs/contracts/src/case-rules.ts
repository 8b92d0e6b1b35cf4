import type { CaseDetail, PublicCaseResponse } from './api/member/case-detail';
import type { CaseStatus, RespondStatus, ResponseType } from './constants/cases';
import { isSlaLate, isSlaPaused, type SlaClock } from './sla';

/**
 * The rules of a case's life as pure functions, so that the token page, the member
 * page, the services and the live events (api and worker) all answer the same question the same way.
 */

/** Which side of a case a viewer stands on; a super admin stands on neither. */
export type CaseSide = 'submitter' | 'receiver' | 'none';

export interface ResponseStamp {
  type: ResponseType;
  createdAt: Date;
}

export type AllowedAnswers = PublicCaseResponse['allowed'];
export type CaseControls = CaseDetail['controls'];

function latestOf(responses: readonly ResponseStamp[], type: ResponseType): Date | null {
  let latest: Date | null = null;
  for (const response of responses) {
    if (response.type === type && (!latest || response.createdAt > latest)) latest = response.createdAt;
  }
  return latest;
}

/** The receiver asked for information and the submitter has not answered that request yet. */
export function isWaitingForSubmitter(status: CaseStatus, responses: readonly ResponseStamp[]): boolean {
  if (status !== 'information') return false;
  const requested = latestOf(responses, 'information-request');
  const supplied = latestOf(responses, 'information-response');
  return requested !== null && (supplied === null || supplied < requested);
}

/** The answers a token link may give now. */
export function allowedAnswers(status: CaseStatus, responses: readonly ResponseStamp[]): AllowedAnswers {
  return {
    accept: status === 'open' || status === 'information',
    request_information: status === 'open',
    reject: status === 'information',
    provide_information: isWaitingForSubmitter(status, responses),
  };
}

const ANSWER_OF_STATUS: Record<RespondStatus, keyof AllowedAnswers> = {
  accepted: 'accept',
  information: 'request_information',
  rejected: 'reject',
  'information-reply': 'provide_information',
};

export function isAnswerAllowed(answer: RespondStatus, allowed: AllowedAnswers): boolean {
  return allowed[ANSWER_OF_STATUS[answer]];
}

/** The 409 text for an answer the case's status does not allow. */
export function answerRefusal(answer: RespondStatus, status: CaseStatus): string {
  switch (answer) {
    case 'accepted':
      return `This case cannot be accepted: it is already ${status}.`;
    case 'information':
      return status === 'information'
        ? 'Information has already been requested on this case.'
        : `Information cannot be requested: the case is ${status}.`;
    case 'rejected':
      return status === 'open'
        ? 'A case can only be rejected after information has been requested.'
        : `This case cannot be rejected: it is ${status}.`;
    case 'information-reply':
      return status === 'information'
        ? 'The requested information has already been provided.'
        : 'No information has been requested on this case.';
  }
}

/**
 * The member page's controls, shown while accepted or information: Close (accepted, submitter), update response
 * (accepted, receiver), update submission (submitter). The feed's Add Note needs the viewer's company to allow notes.
 */
export function caseControls(status: CaseStatus, side: CaseSide, allowNotes: boolean): CaseControls {
  const visible = status === 'accepted' || status === 'information';
  return {
    visible,
    can_close: status === 'accepted' && side === 'submitter',
    can_update_response: status === 'accepted' && side === 'receiver',
    can_update_submission: side === 'submitter',
    can_add_note: visible && side !== 'none' && allowNotes,
    can_upload: visible && side !== 'none',
    // Each side names its own owner while the case is still worked on.
    can_assign: side !== 'none' && status !== 'closed' && status !== 'rejected',
  };
}

/** The SLA state shown with a case: paused while waiting for the submitter, late once overdue and unanswered. */
export function slaState(sla: SlaClock, now: Date = new Date()): { paused: boolean; late: boolean } {
  return { paused: isSlaPaused(sla), late: isSlaLate(sla, now) };
}
