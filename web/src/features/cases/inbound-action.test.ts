import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_CASE_REQUEST_TYPE, type CaseListRow, type CasesChangedMessage } from '@casebridge/contracts';
import { API } from '../../lib/api-routes';
import { placeCaseChange } from '../../lib/live-lists';
import { apiKey, queryClient } from '../../lib/queries';
import { firstVisitRequestType } from './use-case-list';

const VIEWER = { userId: 7, role: 'caller' as const };
const countKey = apiKey(API.cases.inboundActionCount);

function change(overrides: Partial<CasesChangedMessage>): CasesChangedMessage {
  return {
    case_token: 'abc',
    status: 'information',
    seq: 3,
    row: { token: 'abc' } as CaseListRow,
    submitter_user_id: 9,
    needs_action: true,
    removed: false,
    ...overrides,
  };
}

describe('the inbound cases waiting for the company', () => {
  beforeEach(() => queryClient.clear());

  it('opens a first visit on the view that holds work, and waits for the count to choose', () => {
    expect(firstVisitRequestType(null, false)).toBeNull();
    expect(firstVisitRequestType(3, false)).toBe('company-inbound-action');
    expect(firstVisitRequestType(0, false)).toBe(DEFAULT_CASE_REQUEST_TYPE);
    // The count could not be read: the default view, not an endless wait.
    expect(firstVisitRequestType(null, true)).toBe(DEFAULT_CASE_REQUEST_TYPE);
  });

  it('takes the count a list change carries, and keeps it when a change carries none', () => {
    queryClient.setQueryData(countKey, { total: 2 });
    placeCaseChange(change({ inbound_action_total: 3 }), VIEWER);
    expect(queryClient.getQueryData(countKey)).toEqual({ total: 3 });
    placeCaseChange(change({ needs_action: false }), VIEWER);
    expect(queryClient.getQueryData(countKey)).toEqual({ total: 3 });
  });
});
