import { allowedAnswers, caseControls, isWaitingForSubmitter, slaState, type ResponseStamp } from './case-rules';

const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 12, minutes));
const asked: ResponseStamp = { type: 'information-request', createdAt: at(0) };
const answered: ResponseStamp = { type: 'information-response', createdAt: at(5) };

describe('case rules', () => {
  it('offers accept and request information while open', () => {
    expect(allowedAnswers('open', [])).toEqual({
      accept: true,
      request_information: true,
      reject: false,
      provide_information: false,
    });
  });

  it('offers accept, reject and the reply while information is waiting for the submitter', () => {
    expect(allowedAnswers('information', [asked])).toEqual({
      accept: true,
      request_information: false,
      reject: true,
      provide_information: true,
    });
    expect(allowedAnswers('information', [asked, answered]).provide_information).toBe(false);
    // A second request after the answer opens the reply again.
    const askedAgain: ResponseStamp = { type: 'information-request', createdAt: at(9) };
    expect(isWaitingForSubmitter('information', [asked, answered, askedAgain])).toBe(true);
  });

  it.each(['accepted', 'rejected', 'closed'] as const)('offers nothing once %s', (status) => {
    expect(Object.values(allowedAnswers(status, [asked, answered]))).toEqual([false, false, false, false]);
  });

  it('gives the controls by status and side', () => {
    expect(caseControls('accepted', 'submitter', true)).toEqual({
      visible: true,
      can_close: true,
      can_update_response: false,
      can_update_submission: true,
      can_add_note: true,
      can_upload: true,
      can_assign: true,
    });
    expect(caseControls('accepted', 'receiver', false)).toMatchObject({
      can_update_response: true,
      can_add_note: false,
    });
    expect(caseControls('open', 'receiver', true)).toMatchObject({
      visible: false,
      can_add_note: false,
      can_upload: false,
    });
    expect(caseControls('information', 'none', true)).toMatchObject({
      visible: true,
      can_add_note: false,
      can_close: false,
    });
  });

  it('is late only when overdue with a running clock', () => {
    const now = at(30);
    expect(slaState({ responseDueAt: at(10), slaPausedAt: null, slaStoppedAt: null }, now)).toEqual({
      paused: false,
      late: true,
    });
    expect(slaState({ responseDueAt: at(10), slaPausedAt: at(5), slaStoppedAt: null }, now)).toEqual({
      paused: true,
      late: false,
    });
    expect(slaState({ responseDueAt: at(10), slaPausedAt: null, slaStoppedAt: at(20) }, now).late).toBe(false);
    expect(slaState({ responseDueAt: at(40), slaPausedAt: null, slaStoppedAt: null }, now).late).toBe(false);
  });
});
