import { CHANGE_REQUEST_STATE_LABELS, type ChangeRequestRow } from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';
import { formatDateTimeUtc } from '../../../lib/format';
import { queryErrorText, useApiQuery } from '../../../lib/queries';
import { DataTable, type DataColumn } from '../../../ui/DataTable';
import { useChangeRequestsLive } from './change-requests-live';
import './company-admin.css';

/** "Open", or "Done 11/24/26 03:04 pm": when membership marked it done (tables show UTC). */
export function changeRequestState(row: ChangeRequestRow, format = formatDateTimeUtc): string {
  const label = CHANGE_REQUEST_STATE_LABELS[row.state];
  return row.state === 'done' && row.done_at ? `${label} ${format(row.done_at)}` : label;
}

const COLUMNS: DataColumn<ChangeRequestRow>[] = [
  { key: 'created_at', header: 'Requested', render: (row) => formatDateTimeUtc(row.created_at) },
  { key: 'requested_by', header: 'Requested By', render: (row) => row.requested_by?.name ?? 'Former user' },
  { key: 'change_type', header: 'Type', render: (row) => row.change_type },
  { key: 'changes', header: 'Changes', render: (row) => row.changes, className: 'note-cell' },
  { key: 'state', header: 'State', render: (row) => changeRequestState(row) },
];

/**
 * The company's change requests and where each stands (issue 17): open until membership marks it done, which shows
 * here at once while the page is open. Read afresh on every visit.
 */
export function ChangeRequestsCard() {
  const requests = useApiQuery(API.changeRequests.mine, { staleTime: 0 });
  useChangeRequestsLive();
  return (
    <section className="card" aria-labelledby="change-requests-title">
      <h2 id="change-requests-title">Change Requests</h2>
      <p className="muted">Requests sent with Contact. Membership completes them within 24-48 hours.</p>
      {requests.isError && (
        <p className="notice notice-warning" role="alert">
          {queryErrorText(requests.error)}
        </p>
      )}
      <DataTable
        caption="Change requests"
        columns={COLUMNS}
        rows={requests.data?.change_requests ?? []}
        rowKey={(row) => row.id}
        loading={requests.isPending}
        utcNote
        emptyText="No change requests."
      />
    </section>
  );
}
