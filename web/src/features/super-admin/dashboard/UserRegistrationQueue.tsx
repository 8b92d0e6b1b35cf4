import { Link } from 'react-router-dom';
import { routePath, superAdminUsersApi, type SuperAdminRegistrationRow } from '@casebridge/contracts';
import { call } from '../../../lib/api';
import { DataTable, type DataColumn } from '../../../ui/DataTable';
import { DecisionButtons, decideRegistration, useRegistrationQueue } from '../../admin-company/registration-decisions';
import { companyUsersChanged } from '../back-office-changes';
import { formatBackOfficeDate } from '../../../lib/format';

/**
 * The dashboard's user registration queue (spec 3 §2.3): every company's pending registrations. A decision here drops
 * the row at once; registrations and decisions made elsewhere (link, an admin) arrive as live rows.
 */
export function UserRegistrationQueue() {
  const queue = useRegistrationQueue(superAdminUsersApi.registrationQueue);

  const decide = async (row: SuperAdminRegistrationRow, approve: boolean) => {
    const endpoint = approve ? superAdminUsersApi.approveRegistration : superAdminUsersApi.rejectRegistration;
    const done = await decideRegistration(() => call(endpoint, { params: { id: row.id } }));
    // An approved registration joins the company's users (and their counts).
    if (done && approve) void companyUsersChanged();
    if (done) queue.settle(row.id);
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
