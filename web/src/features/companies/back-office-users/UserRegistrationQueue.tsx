import { Link } from 'react-router-dom';
import { routePath, type SuperAdminRegistrationRow } from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';
import type { DataColumn } from '../../../ui/DataTable';
import { RegistrationQueueCard } from '../company-admin/RegistrationQueueCard';
import { companyUsersChanged } from '../../back-office/back-office-changes';
import { formatBackOfficeDate } from '../../../lib/format';

const COLUMNS: DataColumn<SuperAdminRegistrationRow>[] = [
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
];

/** The dashboard's user registration queue: every company's pending registrations. */
export function UserRegistrationQueue() {
  return (
    <RegistrationQueueCard
      endpoint={API.superAdminUsers.registrationQueue}
      titleId="sa-registration-queue-title"
      title="User Registration Queue"
      columns={COLUMNS}
      approveEndpoint={API.superAdminUsers.approveRegistration}
      rejectEndpoint={API.superAdminUsers.rejectRegistration}
      // An approved registration joins the company's users (and their counts).
      onApproved={() => void companyUsersChanged()}
      utcNote
    />
  );
}
