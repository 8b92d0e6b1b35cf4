import { adminCompanyApi, type RegistrationQueueRow } from '@casebridge/contracts';
import type { z } from 'zod';
import { call } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { DataTable, type DataColumn } from '../../ui/DataTable';
import { DecisionButtons, decideRegistration, useRegistrationQueue } from './registration-decisions';

type QueueRow = z.infer<typeof RegistrationQueueRow>;

/**
 * Registrations waiting for approval (requires_registration companies). A decision here drops the row at once;
 * new registrations and decisions made elsewhere (mail link, another admin) arrive as live rows.
 */
export function RegistrationQueue({ onDecided }: { onDecided: () => void }) {
  const queue = useRegistrationQueue(adminCompanyApi.registrationQueue);

  const decide = async (row: QueueRow, approve: boolean) => {
    const endpoint = approve ? adminCompanyApi.approveRegistration : adminCompanyApi.rejectRegistration;
    const approved = await decideRegistration(() => call(endpoint, { params: { id: row.id } }));
    if (approved && approve) onDecided();
    if (approved) queue.settle(row.id);
  };

  const columns: DataColumn<QueueRow>[] = [
    { key: 'name', header: 'Name', render: (row) => `${row.first_name} ${row.last_name}` },
    { key: 'email', header: 'Email', render: (row) => row.email },
    { key: 'created_at', header: 'Registered', render: (row) => formatDateTime(row.created_at) },
    {
      key: 'actions',
      header: 'Decision',
      render: (row) => (
        <DecisionButtons
          name={`${row.first_name} ${row.last_name}`}
          onDecide={(approve) => void decide(row, approve)}
        />
      ),
    },
  ];

  return (
    <section className="card" aria-labelledby="registration-queue-title">
      <h2 id="registration-queue-title">Registration Queue</h2>
      {queue.error && (
        <p className="notice notice-warning" role="alert">
          {queue.error}
        </p>
      )}
      <DataTable
        caption="Registrations waiting for approval"
        columns={columns}
        rows={queue.rows}
        rowKey={(row) => row.id}
        loading={queue.firstLoad}
        emptyText="No registrations are waiting for approval."
      />
    </section>
  );
}
