import { useId } from 'react';
import { Link } from 'react-router-dom';
import {
  CASE_REQUEST_TYPES,
  PRIORITY_LABELS,
  routePath,
  type CaseListRow,
  type CaseRequestType,
} from '@casebridge/contracts';
import { formatDateTimeUtc } from '../../lib/format';
import { DataTable, type DataColumn } from '../../ui/DataTable';
import type { CaseListState } from './use-case-list';
import { SlaCountdown } from './sla/SlaCountdown';
import { TestCaseBadge } from './TestCaseBadge';
import { StatusWithTurn } from './TurnNotice';
import { UnreadMark, unreadRowClass } from '../attention/UnreadMark';
import './active-cases.css';

const COLUMNS: DataColumn<CaseListRow>[] = [
  {
    key: 'internal_case_number',
    header: 'Case#',
    sortable: true,
    className: 'cell-nowrap',
    render: (row) => (
      <>
        <Link to={routePath('case-info', { token: row.token })}>{row.internal_case_number}</Link>
        <TestCaseBadge isTest={row.is_test} />
        <UnreadMark row={row} />
      </>
    ),
  },
  { key: 'partner', header: 'Partner', sortable: true, render: (row) => row.partner.name },
  { key: 'summary', header: 'Summary', sortable: true, className: 'cell-wide', render: (row) => row.summary },
  {
    key: 'priority',
    header: 'Priority',
    sortable: true,
    render: (row) => <span className={`priority priority-${row.priority}`}>{PRIORITY_LABELS[row.priority]}</span>,
  },
  {
    key: 'status',
    header: 'Status',
    sortable: true,
    className: 'cell-nowrap',
    render: (row) => <StatusWithTurn row={row} />,
  },
  {
    key: 'response_due_at',
    header: 'Response',
    className: 'cell-sla',
    render: (row) => <SlaCountdown sla={row} />,
  },
  {
    key: 'updated_at',
    header: 'Updated',
    sortable: true,
    firstDir: 'desc',
    className: 'cell-nowrap',
    render: (row) => formatDateTimeUtc(row.updated_at),
  },
  { key: 'assignee', header: 'Assigned to', render: (row) => row.assignee?.full_name ?? '—' },
];

/** The dashboard's active-cases table with its five request types. */
export function ActiveCases({ cases }: { cases: CaseListState }) {
  const id = useId();
  const list = cases.list;

  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <div className="card-title">
        <h2 id={`${id}-title`}>Active Cases</h2>
        {/* In the title's line: arriving after the table, it moves nothing down. */}
        <InboundActionCount cases={cases} />
        <Link to={routePath('cases')}>View all my cases</Link>
      </div>
      <div className="table-filters">
        <div className="field">
          <label htmlFor={`${id}-type`}>Show</label>
          <select
            id={`${id}-type`}
            value={cases.requestType}
            onChange={(event) => cases.setRequestType(event.target.value as CaseRequestType)}
          >
            {CASE_REQUEST_TYPES.map((type) => (
              <option key={type.value} value={type.value}>
                {type.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-q`}>Search cases</label>
          <input
            id={`${id}-q`}
            type="search"
            value={cases.query}
            placeholder="Case number, partner or summary"
            onChange={(event) => cases.setQuery(event.target.value)}
          />
        </div>
      </div>
      {cases.failed && !list ? (
        <p className="muted">The cases could not be loaded.</p>
      ) : (
        <DataTable
          caption="Active cases"
          columns={COLUMNS}
          rows={list?.data ?? []}
          rowKey={(row) => row.token}
          rowClass={unreadRowClass}
          sort={cases.sort}
          onSort={cases.setSort}
          loading={cases.loading}
          emptyText="No cases found."
          utcNote
          paging={
            list
              ? {
                  page: list.current_page,
                  perPage: list.per_page,
                  total: list.total,
                  estimated: list.total_estimated,
                  onPage: cases.setPage,
                }
              : undefined
          }
        />
      )}
    </section>
  );
}

/**
 * How many inbound cases wait for the company's move, live; one click shows them in the table. Said only when there
 * are some (a company that receives nothing is not told about nothing).
 */
function InboundActionCount({ cases }: { cases: CaseListState }) {
  const total = cases.inboundActionTotal;
  if (!total) return null;
  const showing = cases.requestType === 'company-inbound-action';
  return (
    <p className="inbound-action-count" role="status">
      <strong>
        {total} inbound {total === 1 ? 'case needs' : 'cases need'} your company’s action
      </strong>{' '}
      {!showing && (
        <button
          type="button"
          className="button button-small"
          onClick={() => cases.setRequestType('company-inbound-action')}
        >
          Show them
        </button>
      )}
    </p>
  );
}
