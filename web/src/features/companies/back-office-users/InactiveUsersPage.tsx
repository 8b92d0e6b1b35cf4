import { Link } from 'react-router-dom';
import {
  deleteUserQuestion,
  INACTIVE_USER_DAYS,
  routePath,
  USER_DELETED,
  type InactiveUserRow,
} from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';
import { PageFrame } from '../../../app/PageFrame';
import { alerts } from '../../../app/alerts-store';
import { call } from '../../../lib/api';
import { useApiMutation } from '../../../lib/mutations';
import { DataTable, type DataColumn } from '../../../ui/DataTable';
import { useConfirm } from '../../../ui/modal-store';
import { ExportButton } from '../../../ui/ExportButton';
import { formatBackOfficeDate } from '../../../lib/format';
import { companyUsersChanged } from '../../back-office/back-office-changes';
import { removeInactiveUser, useInactiveUsers } from './use-inactive-users';

const INACTIVE_DAYS_TEXT = `${INACTIVE_USER_DAYS} days`;

/** /super_admin/users (Inactive Users): loaded page by page until an empty page arrives. */
export function InactiveUsersPage() {
  const confirm = useConfirm();
  const { rows, state } = useInactiveUsers();

  const deleteUser = useApiMutation(API.superAdminUsers.delete, {
    loader: true,
    onSuccess: (answer) => {
      alerts.show(answer.message || USER_DELETED, answer.success ? 'success' : 'warning');
      void companyUsersChanged();
    },
  });
  const onDelete = async (row: InactiveUserRow) => {
    const name = `${row.first_name} ${row.last_name}`;
    if (!(await confirm(deleteUserQuestion(name), { title: 'Delete User', confirmLabel: 'Delete' }))) return;
    deleteUser.mutate({ params: { id: row.id } }, { onSuccess: () => removeInactiveUser(row.id) });
  };

  const columns: DataColumn<InactiveUserRow>[] = [
    {
      key: 'name',
      header: 'Name',
      render: (row) => (
        <Link
          className={row.status === 'inactive' ? 'muted' : undefined}
          to={routePath('super_admin.user.manage', { user_id: row.id })}
        >
          {row.first_name} {row.last_name}
        </Link>
      ),
    },
    { key: 'email', header: 'Email', render: (row) => row.email },
    {
      key: 'company',
      header: 'Company Name',
      render: (row) => (
        <Link to={routePath('super_admin.company.detail', { company_id: row.company_id })}>{row.company_name}</Link>
      ),
    },
    { key: 'role', header: 'Role', render: (row) => row.role_label },
    { key: 'last_login', header: 'Last Login', render: (row) => formatBackOfficeDate(row.last_login_date) || 'Never' },
    {
      key: 'status',
      header: 'Status',
      render: (row) =>
        row.status === 'inactive' ? (
          <span className="muted" title="Inactive user">
            <span aria-hidden="true">🚫 </span>Inactive
          </span>
        ) : (
          <span className="row-actions">
            Active
            <button
              type="button"
              className="button button-danger button-small"
              aria-label={`Delete ${row.first_name} ${row.last_name}`}
              title="Delete"
              onClick={() => void onDelete(row)}
            >
              🗑
            </button>
          </span>
        ),
    },
  ];

  return (
    <PageFrame title="Inactive Users">
      <section className="card">
        <p className="muted">
          Users who are disabled or have not signed in for {INACTIVE_DAYS_TEXT}. Times are shown in UTC.
        </p>
        <ExportButton label="Export" request={() => call(API.superAdminUsers.exportList)} />
        {state === 'partial' && (
          <p className="notice notice-warning" role="alert">
            Not every page of the list could be loaded; {rows.length} users are shown.
          </p>
        )}
        <DataTable
          caption="Inactive users"
          columns={columns}
          rows={rows}
          rowKey={(row) => row.id}
          loading={state === 'loading' && rows.length === 0}
          emptyText="No inactive users."
        />
        {state === 'loading' && rows.length > 0 && <p className="muted">Loading more users… ({rows.length} so far)</p>}
      </section>
    </PageFrame>
  );
}
