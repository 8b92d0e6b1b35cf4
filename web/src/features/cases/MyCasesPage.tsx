import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { LIMITS, PRIORITY_LABELS, routePath, type CaseListQuery, type CaseListRow } from '@casebridge/contracts';
import { API } from '../../lib/api-routes';
import { keepPreviousData } from '@tanstack/react-query';
import { formatDateTimeUtc } from '../../lib/format';
import { queryErrorText, useApiQuery } from '../../lib/queries';
import { useListSearch } from '../../lib/use-list-search';
import { TextField } from '../../ui/fields';
import { PageFrame } from '../../app/PageFrame';
import { DataTable, type DataColumn, type SortState } from '../../ui/DataTable';
import { SlaCountdown } from './sla/SlaCountdown';
import { TestCaseBadge } from './TestCaseBadge';
import { StatusWithTurn } from './TurnNotice';
import { UnreadMark, unreadRowClass } from '../attention/UnreadMark';

type SortColumn = NonNullable<CaseListQuery['sort']>;

const COLUMNS: DataColumn<CaseListRow>[] = [
  {
    key: 'internal_case_number',
    header: 'Case#',
    sortable: true,
    render: (row) => (
      <>
        <Link to={routePath('case-info', { token: row.token })}>{row.internal_case_number}</Link>
        <TestCaseBadge isTest={row.is_test} />
        <UnreadMark row={row} />
      </>
    ),
  },
  { key: 'partner', header: 'Partner', sortable: true, render: (row) => row.partner.name },
  { key: 'partner_case_number', header: 'Partner Case#', render: (row) => row.partner_case_number ?? '' },
  { key: 'summary', header: 'Summary', sortable: true, render: (row) => row.summary },
  {
    key: 'created_at',
    header: 'Request Date',
    sortable: true,
    firstDir: 'desc',
    render: (row) => formatDateTimeUtc(row.created_at),
  },
  {
    key: 'respond_date',
    header: 'Respond Date',
    sortable: true,
    firstDir: 'desc',
    render: (row) => formatDateTimeUtc(row.respond_date),
  },
  {
    key: 'response_due_at',
    header: 'Response',
    className: 'cell-nowrap',
    render: (row) => <SlaCountdown sla={row} />,
  },
  // After the spec's columns: where the case stands, how urgent it is, which way it goes and who owns it.
  { key: 'status', header: 'Status', className: 'cell-nowrap', render: (row) => <StatusWithTurn row={row} /> },
  {
    key: 'priority',
    header: 'Priority',
    render: (row) => <span className={`priority priority-${row.priority}`}>{PRIORITY_LABELS[row.priority]}</span>,
  },
  { key: 'direction', header: 'Direction', render: (row) => (row.direction === 'inbound' ? 'Inbound' : 'Outbound') },
  { key: 'assignee', header: 'Assigned to', render: (row) => row.assignee?.full_name ?? '—' },
];

/** /my-cases: every case of the user, newest request first. */
export function MyCasesPage() {
  const [sort, setSort] = useState<SortState>({ column: 'created_at', dir: 'desc' });
  const [page, setPage] = useState(1);
  const [watching, setWatching] = useState(false);
  const filterId = useId();
  // Case number, summary or partner; sent from 2 characters, a moment after typing stops.
  const search = useListSearch(() => setPage(1));
  // New and changed cases of the company are placed in the cached page as they arrive (lib/live-lists).
  const list = useApiQuery(API.cases.myCases, {
    query: {
      sort: sort.column as SortColumn,
      dir: sort.dir,
      page,
      limit: LIMITS.pageSize,
      ...(search.term ? { q: search.term } : {}),
      ...(watching ? { filter: 'watching' as const } : {}),
    },
    placeholderData: keepPreviousData,
  });
  const cases = list.data?.my_cases;

  return (
    <PageFrame
      title="My Cases"
      actions={
        <Link className="button button-secondary" to={routePath('admin.reports')}>
          View Company Reports
        </Link>
      }
    >
      {list.isError && (
        <p className="notice notice-warning" role="alert">
          {queryErrorText(list.error)}
        </p>
      )}
      <div className="table-filters">
        <div className="field">
          <label htmlFor={filterId}>Show</label>
          <select
            id={filterId}
            value={watching ? 'watching' : 'all'}
            onChange={(event) => {
              setWatching(event.target.value === 'watching');
              setPage(1);
            }}
          >
            <option value="all">All my cases</option>
            <option value="watching">Watching</option>
          </select>
        </div>
        <TextField
          label="Search"
          type="search"
          placeholder="Case#, summary or partner"
          value={search.text}
          onChange={(event) => search.setText(event.target.value)}
        />
      </div>
      <DataTable
        caption="My Cases"
        columns={COLUMNS}
        rows={cases?.data ?? []}
        rowKey={(row) => row.id}
        rowClass={unreadRowClass}
        sort={sort}
        onSort={(next) => {
          setSort(next);
          setPage(1);
        }}
        loading={list.isPending}
        emptyText="No cases found."
        utcNote
        paging={
          cases && {
            // The server may choose its own page size: page with what it answered.
            page: cases.current_page,
            perPage: cases.per_page,
            total: cases.total,
            estimated: cases.total_estimated,
            onPage: setPage,
          }
        }
      />
    </PageFrame>
  );
}
