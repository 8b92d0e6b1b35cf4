import { adminCompanyApi, type RegistrationQueueRow } from '@casebridge/contracts';
import { useRef, useState } from 'react';
import type { z } from 'zod';
import { alerts } from '../../app/alerts-store';
import { call } from '../../lib/api';
import { errorMessage } from '../../lib/api-error';
import { formatDateTime } from '../../lib/format';
import { useQueueVersion } from '../../lib/live';
import { useAsync } from '../../lib/use-async';
import { DataTable, type DataColumn } from '../../ui/DataTable';
import { withLoader } from '../../ui/modal-store';

type QueueRow = z.infer<typeof RegistrationQueueRow>;

/**
 * Registrations waiting for approval (requires_registration companies). The queue reloads after each decision and
 * live when the server announces a change (a new registration, a decision by mail link or by another admin).
 */
export function RegistrationQueue({ onDecided }: { onDecided: () => void }) {
  const [version, setVersion] = useState(0);
  const liveVersion = useQueueVersion('registration');
  const queue = useAsync(() => call(adminCompanyApi.registrationQueue), [version, liveVersion]);
  // Rows stay on screen while a live reload runs, so the table does not flash empty.
  const shown = useRef<QueueRow[]>([]);
  if (queue.status === 'ready') shown.current = queue.data.queue;

  const decide = async (row: QueueRow, approve: boolean) => {
    const endpoint = approve ? adminCompanyApi.approveRegistration : adminCompanyApi.rejectRegistration;
    try {
      const answer = await withLoader(call(endpoint, { params: { id: row.id } }));
      alerts.show(answer.message, answer.success ? 'success' : 'warning');
      if (answer.success && approve) onDecided();
    } catch (error) {
      alerts.show(errorMessage(error), 'warning');
    }
    setVersion((value) => value + 1);
  };

  const columns: DataColumn<QueueRow>[] = [
    { key: 'name', header: 'Name', render: (row) => `${row.first_name} ${row.last_name}` },
    { key: 'email', header: 'Email', render: (row) => row.email },
    { key: 'created_at', header: 'Registered', render: (row) => formatDateTime(row.created_at) },
    {
      key: 'actions',
      header: 'Decision',
      render: (row) => (
        <div className="row-actions">
          <button
            type="button"
            className="button button-small"
            aria-label={`Approve ${row.first_name} ${row.last_name}`}
            onClick={() => void decide(row, true)}
          >
            Approve
          </button>
          <button
            type="button"
            className="button button-danger button-small"
            aria-label={`Reject ${row.first_name} ${row.last_name}`}
            onClick={() => void decide(row, false)}
          >
            Reject
          </button>
        </div>
      ),
    },
  ];

  return (
    <section className="card" aria-labelledby="registration-queue-title">
      <h2 id="registration-queue-title">Registration Queue</h2>
      {queue.status === 'failed' && (
        <p className="notice notice-warning" role="alert">
          {queue.error}
        </p>
      )}
      <DataTable
        caption="Registrations waiting for approval"
        columns={columns}
        rows={shown.current}
        rowKey={(row) => row.id}
        loading={queue.status === 'loading' && version === 0 && liveVersion === 0}
        emptyText="No registrations are waiting for approval."
      />
    </section>
  );
}
