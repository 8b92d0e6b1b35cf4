import { adminCompanyApi, type RegistrationQueueRow } from '@casebridge/contracts';
import { useState } from 'react';
import type { z } from 'zod';
import { alerts } from '../../app/alerts-store';
import { call } from '../../lib/api';
import { errorMessage } from '../../lib/api-error';
import { formatDateTime } from '../../lib/format';
import { useAsync } from '../../lib/use-async';
import { DataTable, type DataColumn } from '../../ui/DataTable';
import { withLoader } from '../../ui/modal-store';

type QueueRow = z.infer<typeof RegistrationQueueRow>;

/** Registrations waiting for approval (requires_registration companies); the queue reloads after each decision. */
export function RegistrationQueue({ onDecided }: { onDecided: () => void }) {
  const [version, setVersion] = useState(0);
  const queue = useAsync(() => call(adminCompanyApi.registrationQueue), [version]);

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
        rows={queue.data?.queue ?? []}
        rowKey={(row) => row.id}
        loading={queue.status === 'loading'}
        emptyText="No registrations are waiting for approval."
      />
    </section>
  );
}
