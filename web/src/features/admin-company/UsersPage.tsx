import { useState } from 'react';
import { Link } from 'react-router-dom';
import { adminCompanyApi, roleLabel, routePath, type CompanyUserRow } from '@casebridge/contracts';
import type { z } from 'zod';
import { PageFrame } from '../../app/PageFrame';
import { call } from '../../lib/api';
import { queryErrorText, useApiQuery } from '../../lib/queries';
import { DataTable, type DataColumn } from '../../ui/DataTable';
import { ExportButton } from '../exports/ExportButton';
import { ChangeRequestModal } from './ChangeRequestModal';
import { companyUsersChanged } from './company-changes';
import { RegistrationQueue } from './RegistrationQueue';
import { statusLabel } from './labels';

type UserRow = z.infer<typeof CompanyUserRow>;

const userPath = (id: number) => routePath('admin.user.manage', { id });

const COLUMNS: DataColumn<UserRow>[] = [
  {
    key: 'name',
    header: 'Name',
    render: (row) => <Link to={userPath(row.id)}>{`${row.first_name} ${row.last_name}`}</Link>,
  },
  { key: 'email', header: 'Email', render: (row) => row.email },
  { key: 'role', header: 'Role', render: (row) => roleLabel(row.role) },
  { key: 'created_through', header: 'Created Through', render: (row) => row.created_through },
  { key: 'status', header: 'Status', render: (row) => statusLabel(row.status) },
  {
    key: 'view',
    header: 'View',
    render: (row) => (
      <Link to={userPath(row.id)} aria-label={`View ${row.first_name} ${row.last_name}`}>
        View
      </Link>
    ),
  },
];

/** The company's login page: the landing page of its slug. */
function loginPageAddress(slug: string): string {
  return `${window.location.origin}${routePath('home-with-slug', { slug })}`;
}

/** /admin/users: login method, users table with export, and the registration queue (spec 2 "Users"). */
export function UsersPage() {
  const [contactOpen, setContactOpen] = useState(false);
  const users = useApiQuery(adminCompanyApi.users);
  const data = users.data;

  return (
    <PageFrame
      title="Users"
      actions={
        data &&
        (data.limited ? (
          <button type="button" className="button" onClick={() => setContactOpen(true)}>
            Contact
          </button>
        ) : (
          <Link className="button" to={userPath(0)}>
            Add New
          </Link>
        ))
      }
    >
      {users.isPending && <p className="muted">Loading…</p>}
      {users.isError && (
        <p className="notice notice-warning" role="alert">
          {queryErrorText(users.error)}
        </p>
      )}
      {data && (
        <>
          <section className="card" aria-labelledby="login-settings-title">
            <h2 id="login-settings-title">Login Settings</h2>
            <dl className="info-list">
              <dt>Login Method</dt>
              <dd>{data.login_method_label}</dd>
              {data.login_method === 'email_link' && (
                <>
                  <dt>Email Domain Match</dt>
                  <dd>{data.domain ?? 'None'}</dd>
                </>
              )}
              <dt>Login Page</dt>
              <dd>
                <a href={loginPageAddress(data.slug)}>{loginPageAddress(data.slug)}</a>
              </dd>
            </dl>
            {data.limited && (
              <p className="muted">Your membership level requires a change request for user changes: use Contact.</p>
            )}
          </section>
          {data.registration_queue && <RegistrationQueue onDecided={() => void companyUsersChanged()} />}
          <section className="card" aria-labelledby="users-title">
            <div className="card-title">
              <h2 id="users-title">Company Users</h2>
              <ExportButton label="Export Users" request={() => call(adminCompanyApi.exportUsers)} />
            </div>
            <DataTable
              caption="Company users"
              columns={COLUMNS}
              rows={data.users}
              rowKey={(row) => row.id}
              emptyText="No users."
            />
          </section>
        </>
      )}
      {contactOpen && <ChangeRequestModal changeType="User changes" onClose={() => setContactOpen(false)} />}
    </PageFrame>
  );
}
