import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { CaseListRow } from '@casebridge/contracts';
import { ActiveCases } from './ActiveCases';
import type { CaseListState } from './use-case-list';

const row = (token: string, isTest: boolean): CaseListRow => ({
  id: token.length,
  internal_case_number: `CASE-${token}`,
  token,
  direction: 'outbound',
  partner: { name: isTest ? 'Casebridge Sandbox' : 'Globex Storage' },
  partner_case_number: null,
  summary: isTest ? 'please accept' : 'A real outage',
  priority: 'low',
  status: 'open',
  created_at: '2026-03-04T10:00:00.000Z',
  updated_at: '2026-03-04T10:00:00.000Z',
  respond_date: null,
  response_due_at: null,
  sla_paused: false,
  late: false,
  is_test: isTest,
  turn: null,
  assignee: null,
  entry_count: 1,
});

function listOf(rows: CaseListRow[]): CaseListState {
  const ignore = () => undefined;
  return {
    requestType: 'mine-30',
    inboundActionTotal: 0,
    setRequestType: ignore,
    sort: { column: 'updated_at', dir: 'desc' },
    setSort: ignore,
    query: '',
    setQuery: ignore,
    page: 1,
    setPage: ignore,
    list: { data: rows, total: rows.length, current_page: 1, per_page: 25 },
    loading: false,
    failed: false,
  };
}

describe('the Test badge of a case sent to the sandbox partner', () => {
  afterEach(cleanup);

  it('marks the test case in the case list, and only it', () => {
    render(
      <MemoryRouter>
        <ActiveCases cases={listOf([row('sandbox', true), row('real', false)])} />
      </MemoryRouter>,
    );
    const [, testRow, realRow] = screen.getAllByRole('row');
    expect(within(testRow).getByText('Test')).toBeTruthy();
    expect(within(testRow).getByRole('link', { name: 'CASE-sandbox' })).toBeTruthy();
    expect(within(realRow).queryByText('Test')).toBeNull();
  });
});
