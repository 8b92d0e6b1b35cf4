import { useEffect, useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import {
  caseStatusLabel,
  DEFAULT_ESCALATION_FILTER,
  LIMITS,
  PRIORITY_QUEUE_LABELS,
  routePath,
  type EscalationFilter,
  type EscalationPage,
  type EscalationRow,
} from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';
import { alerts } from '../../../app/alerts-store';
import { useApiMutation } from '../../../lib/mutations';
import { invalidateEndpoints, queryErrorText, useApiQuery } from '../../../lib/queries';
import { TextField } from '../../../ui/fields';
import { DataTable, type DataColumn, type SortState } from '../../../ui/DataTable';
import { useConfirm } from '../../../ui/modal-store';
import { formatBackOfficeDate } from '../../../lib/format';
import { useListSearch } from '../../../lib/use-list-search';
import { UnreadMark, unreadRowClass } from '../../attention/UnreadMark';
import { EscalationExport } from './EscalationExport';

const FILTERS: { value: EscalationFilter; label: string }[] = [
  { value: 'all-10', label: 'All (last 10 days)' },
  { value: 'open', label: 'Open' },
  { value: 'late', label: 'Late' },
];

/**
 * The dashboard's escalation queue: every company's cases by filter (open by default), searched,
 * sorted by a header click and paged on the server (page size 10, then the server's), newest first. Rows open the
 * case details or are deleted after a confirmation; the queue reloads live when cases change.
 */
export function EscalationQueue() {
  const [filter, setFilter] = useState<EscalationFilter>(DEFAULT_ESCALATION_FILTER);
  const [sort, setSort] = useState<SortState>({ column: 'created_at', dir: 'desc' });
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState<number>(LIMITS.pageSize);
  const confirm = useConfirm();
  // The search is sent from 2 characters, a moment after typing stops; clearing it sends nothing.
  const search = useListSearch(() => setPage(1));
  const q = search.term;

  // Rows of changed cases are placed in the cached page as they arrive (lib/live-lists); the page stays on screen
  // while another page or filter loads.
  const state = useApiQuery(API.superAdminEscalation.queue, {
    params: { filter },
    query: { q, sort: sort.column, dir: sort.dir, filter, limit: perPage, page },
    placeholderData: keepPreviousData,
  });
  const answer: EscalationPage | undefined = state.data;
  useEffect(() => {
    if (answer && answer.per_page !== perPage) setPerPage(answer.per_page);
  }, [answer, perPage]);

  const deleteCase = useApiMutation(API.superAdminEscalation.delete, {
    loader: true,
    onSuccess: (result) => alerts.show(result.message, result.success ? 'success' : 'warning'),
    // Failed or not, this screen reads its page again at once; other screens place the removal from the live row.
    onSettled: () => void invalidateEndpoints(API.superAdminEscalation.queue),
  });
  const remove = async (row: EscalationRow) => {
    if (!(await confirm(`Are you sure you want to delete case #${row.internal_case_number}?`))) return;
    deleteCase.mutate({ params: { id: row.id } });
  };

  const caseLink = (row: EscalationRow) => routePath('super_admin.cases.case_info', { case_id: row.id });
  const columns: DataColumn<EscalationRow>[] = [
    {
      key: 'internal_case_number',
      header: 'Case#',
      sortable: true,
      render: (row) => (
        <>
          <Link to={caseLink(row)}>#{row.internal_case_number}</Link>
          <UnreadMark row={row} />
        </>
      ),
    },
    { key: 'company', header: 'Company', sortable: true, render: (row) => row.company.name },
    { key: 'receiver', header: 'Receiver', sortable: true, render: (row) => row.receiver.name },
    { key: 'priority', header: 'Priority', sortable: true, render: (row) => PRIORITY_QUEUE_LABELS[row.priority] },
    {
      key: 'created_at',
      header: 'Created',
      sortable: true,
      firstDir: 'desc',
      render: (row) => formatBackOfficeDate(row.created_at),
    },
    { key: 'document', header: 'Document', sortable: true, render: (row) => row.document.name },
    {
      key: 'status',
      header: 'Status',
      sortable: true,
      render: (row) => (
        <>
          <span className={`status-badge status-${row.status}`}>{caseStatusLabel(row.status, row.turn)}</span>
          {row.late && <span className="status-badge status-late"> Late</span>}
        </>
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      render: (row) => (
        <div className="row-actions">
          <Link className="button button-small" to={caseLink(row)}>
            Open
          </Link>
          <button
            type="button"
            className="button button-danger button-small"
            aria-label={`Delete case ${row.internal_case_number}`}
            onClick={() => void remove(row)}
          >
            Delete
          </button>
        </div>
      ),
    },
  ];

  return (
    <section className="card" aria-labelledby="sa-escalation-queue-title">
      <h2 id="sa-escalation-queue-title">Escalation Reporting</h2>
      <div className="toolbar">
        <fieldset className="choice-group">
          <legend>Filter</legend>
          {FILTERS.map((option) => (
            <label key={option.value} className="choice">
              <input
                type="radio"
                name="escalation-filter"
                value={option.value}
                checked={filter === option.value}
                onChange={() => {
                  setFilter(option.value);
                  setPage(1);
                }}
              />{' '}
              {option.label}
            </label>
          ))}
        </fieldset>
        <TextField
          label="Search"
          type="search"
          value={search.text}
          onChange={(event) => search.setText(event.target.value)}
        />
      </div>
      {state.isError && (
        <p className="notice notice-warning" role="alert">
          {queryErrorText(state.error)}
        </p>
      )}
      <DataTable
        caption="Escalated cases"
        columns={columns}
        rows={answer?.data ?? []}
        rowKey={(row) => row.id}
        rowClass={unreadRowClass}
        sort={sort}
        onSort={(next) => {
          setSort(next);
          setPage(1);
        }}
        paging={{ page, perPage, total: answer?.total ?? 0, estimated: answer?.total_estimated, onPage: setPage }}
        utcNote
        loading={state.isPending}
        emptyText="No cases match this filter."
      />
      <EscalationExport filter={filter} />
    </section>
  );
}
