import { useState } from 'react';
import { type ChangeRequestRow } from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';
import { formatBackOfficeDate } from '../../../lib/format';
import { useApiMutation } from '../../../lib/mutations';
import { useApiQuery } from '../../../lib/queries';
import { DataTable, type DataColumn } from '../../../ui/DataTable';
import { applyChangeRequest, useChangeRequestsLive } from '../company-admin/change-requests-live';
import { changeRequestState } from '../company-admin/ChangeRequestsCard';
import { LoadFailure, Panel } from './CompanyPanels';
import '../company-admin/company-admin.css';

/**
 * The company's change requests (issue 17): what its admins asked membership to change, open or done, newest first.
 * Mark Done records who and when; the company's admins see it at once on their company page. The panel opens by
 * itself while a request is open.
 */
export function ChangeRequestsPanel({ companyId }: { companyId: number }) {
  const requests = useApiQuery(API.changeRequests.company, { params: { id: companyId }, staleTime: 0 });
  useChangeRequestsLive();
  const rows = requests.data?.change_requests ?? [];
  // Opened once, when the first answer holds an open request; marking the last one done does not fold it away.
  const [opened, setOpened] = useState<boolean | null>(null);
  if (opened === null && requests.data) setOpened(rows.some((row) => row.state === 'open'));

  const markDone = useApiMutation(API.changeRequests.markDone, {
    loader: true,
    errorAlert: 'danger',
    success: (answer) => answer.message,
    onSuccess: (answer) => applyChangeRequest(answer.change_request),
  });

  const state = (row: ChangeRequestRow) =>
    row.state === 'open' ? (
      <>
        {changeRequestState(row)}{' '}
        <button
          type="button"
          className="button button-small"
          aria-label={`Mark done: ${row.change_type}`}
          onClick={() => markDone.mutate({ params: { id: companyId, request_id: row.id } })}
        >
          Mark Done
        </button>
      </>
    ) : (
      `${changeRequestState(row, formatBackOfficeDate)}${row.done_by ? ` by ${row.done_by.name}` : ''}`
    );

  const columns: DataColumn<ChangeRequestRow>[] = [
    { key: 'created_at', header: 'Requested', render: (row) => formatBackOfficeDate(row.created_at) },
    {
      key: 'requested_by',
      header: 'Requested By',
      render: (row) => (row.requested_by ? `${row.requested_by.name} (${row.requested_by.email})` : 'Former user'),
    },
    { key: 'change_type', header: 'Type', render: (row) => row.change_type },
    { key: 'changes', header: 'Changes', render: (row) => row.changes, className: 'note-cell' },
    { key: 'state', header: 'State', render: state },
  ];

  return (
    <Panel title="Change Requests" count={requests.data ? rows.length : null} open={opened ?? false}>
      <LoadFailure error={requests.error} />
      <DataTable
        caption="Change requests"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        loading={requests.isPending}
        utcNote
        emptyText="No change requests."
      />
    </Panel>
  );
}
