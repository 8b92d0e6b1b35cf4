import { Link } from 'react-router-dom';
import { routePath, superAdminUsersApi, type SuperAdminRegistrationRow } from '@casebridge/contracts';
import { call } from '../../../lib/api';
import { DataTable, type DataColumn } from '../../../ui/DataTable';
import { DecisionButtons, decideRegistration, useLiveQueue } from '../../admin-company/registration-decisions';
import { companyUsersChanged } from '../back-office-changes';
import { formatBackOfficeDate } from '../../../lib/format';

/**
 * The dashboard's user registration queue (spec 3 §2.3): every company's pending registrations. It reloads after
 * each decision and live when the server announces a change (a registration, a decision by link or by an admin).
 */
export function UserRegistrationQueue() {
  const queue = useLiveQueue('registration', async () => (await call(superAdminUsersApi.registrationQueue)).queue);

  const decide = async (row: SuperAdminRegistrationRow, approve: boolean) => {
    const endpoint = approve ? superAdminUsersApi.approveRegistration : superAdminUsersApi.rejectRegistration;
    const done = await decideRegistration(() => call(endpoint, { params: { id: row.id } }));
    // An approved registration joins the company's users (and their counts); the queue itself reloads as before.
    if (done && approve) void companyUsersChanged();
    queue.reload();
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
        <DecisionButtons
          name={`${row.first_name} ${row.last_name}`}
          onDecide={(approve) => void decide(row, approve)}
        />
      ),
    },
  ];

  return (
    <section className="card" aria-labelledby="sa-registration-queue-title">
      <h2 id="sa-registration-queue-title">User Registration Queue</h2>
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
        utcNote
        loading={queue.firstLoad}
        emptyText="No registrations are waiting for approval."
      />
    </section>
  );
}
