import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { routePath, superAdminUsersApi, type SuperAdminRegistrationRow } from '@casebridge/contracts';
import { alerts } from '../../../app/alerts-store';
import { call } from '../../../lib/api';
import { errorMessage } from '../../../lib/api-error';
import { useQueueVersion } from '../../../lib/live';
import { useAsync } from '../../../lib/use-async';
import { DataTable, type DataColumn } from '../../../ui/DataTable';
import { withLoader } from '../../../ui/modal-store';
import { formatBackOfficeDate } from '../users/back-office-date';

/**
 * The dashboard's user registration queue (spec 3 §2.3): every company's pending registrations. It reloads after
 * each decision and live when the server announces a change (a registration, a decision by link or by an admin).
 */
export function UserRegistrationQueue() {
  const [version, setVersion] = useState(0);
  const liveVersion = useQueueVersion('registration');
  const queue = useAsync(() => call(superAdminUsersApi.registrationQueue), [version, liveVersion]);
  // Rows stay on screen while a reload runs, so the table does not flash empty.
  const shown = useRef<SuperAdminRegistrationRow[]>([]);
  if (queue.status === 'ready') shown.current = queue.data.queue;

  const decide = async (row: SuperAdminRegistrationRow, approve: boolean) => {
    const endpoint = approve ? superAdminUsersApi.approveRegistration : superAdminUsersApi.rejectRegistration;
    try {
      const answer = await withLoader(call(endpoint, { params: { id: row.id } }));
      alerts.show(answer.message, answer.success ? 'success' : 'warning');
    } catch (error) {
      alerts.show(errorMessage(error), 'warning');
    }
    setVersion((value) => value + 1);
  };

  const columns: DataColumn<SuperAdminRegistrationRow>[] = [
    { key: 'first_name', header: 'First Name', render: (row) => row.first_name },
    { key: 'last_name', header: 'Last Name', render: (row) => row.last_name },
    { key: 'email', header: 'Email', render: (row) => row.email },
    {
      key: 'company',
      header: 'Company Name',
      render: (row) => (
        <Link to={routePath('super_admin.company.detail', { company_id: row.company_id })}>{row.company_name}</Link>
      ),
    },
    { key: 'created_at', header: 'Created', render: (row) => formatBackOfficeDate(row.created_at) },
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
    <section className="card" aria-labelledby="sa-registration-queue-title">
      <h2 id="sa-registration-queue-title">User Registration Queue</h2>
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
        utcNote
        loading={queue.status === 'loading' && version === 0 && liveVersion === 0}
        emptyText="No registrations are waiting for approval."
      />
    </section>
  );
}
