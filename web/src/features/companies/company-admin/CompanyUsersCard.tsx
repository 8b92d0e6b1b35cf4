import { useId, useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import {
  ASSIGNABLE_ROLES,
  roleLabel,
  routePath,
  USER_STATUSES,
  type CompanyUserRow,
  type CompanyUsersQuery,
} from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';
import type { z } from 'zod';
import { call } from '../../../lib/api';
import { useApiQuery, useDebouncedValue } from '../../../lib/queries';
import { DataTable, type DataColumn } from '../../../ui/DataTable';
import { ExportButton } from '../../../ui/ExportButton';
import { statusLabel } from './labels';

type UserRow = z.infer<typeof CompanyUserRow>;
type Status = NonNullable<CompanyUsersQuery['status']>;
type Role = NonNullable<CompanyUsersQuery['role']>;

/** Typing settles this long before the table asks the server. */
const SEARCH_DEBOUNCE_MS = 250;

export const userPath = (id: number) => routePath('admin.user.manage', { id });
const fullName = (row: UserRow) => `${row.first_name} ${row.last_name}`;

const COLUMNS: DataColumn<UserRow>[] = [
  { key: 'name', header: 'Name', render: (row) => <Link to={userPath(row.id)}>{fullName(row)}</Link> },
  { key: 'email', header: 'Email', render: (row) => row.email },
  { key: 'role', header: 'Role', render: (row) => roleLabel(row.role) },
  { key: 'created_through', header: 'Created Through', render: (row) => row.created_through },
  { key: 'status', header: 'Status', render: (row) => statusLabel(row.status) },
  {
    key: 'view',
    header: 'View',
    render: (row) => (
      <Link to={userPath(row.id)} aria-label={`View ${fullName(row)}`}>
        View
      </Link>
    ),
  },
];

/**
 * The users page's read: one page of users, searched and filtered by the server; the page's login settings come
 * with it. The previous page stays on screen while the next one is asked.
 */
export function useCompanyUsers() {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<Status | ''>('');
  const [role, setRole] = useState<Role | ''>('');
  const [page, setPage] = useState(1);
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const query = useApiQuery(API.adminCompany.users, {
    query: { q: q || undefined, status: status || undefined, role: role || undefined, page },
    placeholderData: keepPreviousData,
  });
  // Any new search or filter starts again on its first page.
  const filters = {
    search,
    setSearch: (text: string) => {
      setSearch(text);
      setPage(1);
    },
    status,
    setStatus: (next: Status | '') => {
      setStatus(next);
      setPage(1);
    },
    role,
    setRole: (next: Role | '') => {
      setRole(next);
      setPage(1);
    },
    setPage,
    filtered: !!(q || status || role),
  };
  return { query, filters };
}

type UsersState = ReturnType<typeof useCompanyUsers>;

/** "Company Users": search by name or e-mail, status and role filters, the paged table and the export of all. */
export function CompanyUsersCard({ query, filters }: UsersState) {
  const id = useId();
  const data = query.data;
  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <div className="card-title">
        <h2 id={`${id}-title`}>Company Users</h2>
        {/* Every user of the company, whatever the table shows. */}
        <ExportButton label="Export Users" request={() => call(API.adminCompany.exportUsers)} />
      </div>
      <div className="table-filters">
        <div className="field">
          <label htmlFor={`${id}-q`}>Search users</label>
          <input
            id={`${id}-q`}
            type="search"
            autoComplete="off"
            placeholder="Name or e-mail"
            value={filters.search}
            onChange={(event) => filters.setSearch(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-status`}>Status</label>
          <select
            id={`${id}-status`}
            value={filters.status}
            onChange={(event) => filters.setStatus(event.target.value as Status | '')}
          >
            <option value="">All statuses</option>
            {USER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {statusLabel(status)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-role`}>Role</label>
          <select
            id={`${id}-role`}
            value={filters.role}
            onChange={(event) => filters.setRole(event.target.value as Role | '')}
          >
            <option value="">All roles</option>
            {ASSIGNABLE_ROLES.map((role) => (
              <option key={role} value={role}>
                {roleLabel(role)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <DataTable
        caption="Company users"
        columns={COLUMNS}
        rows={data?.users ?? []}
        rowKey={(row) => row.id}
        loading={query.isFetching}
        emptyText={filters.filtered ? 'No users match this search.' : 'No users.'}
        paging={
          data
            ? { page: data.current_page, perPage: data.per_page, total: data.total, onPage: filters.setPage }
            : undefined
        }
      />
    </section>
  );
}
