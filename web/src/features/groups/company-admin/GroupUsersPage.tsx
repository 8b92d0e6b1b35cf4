import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { MESSAGES, removeAccessConfirm, roleLabel, routePath, type ResponseOf } from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';
import { call } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { useApiMutation } from '../../../lib/mutations';
import { apiKey, queryErrorText, useApiQuery } from '../../../lib/queries';
import { PageFrame } from '../../../app/PageFrame';
import { alerts } from '../../../app/alerts-store';
import { DataTable, type DataColumn } from '../../../ui/DataTable';
import { TextField } from '../../../ui/fields';
import { useConfirm } from '../../../ui/modal-store';
import { TrashButton } from '../../../ui/TrashButton';
import './partner-groups.css';

type AccessUser = ResponseOf<typeof API.adminGroups.users>['users'][number];
type FoundUser = ResponseOf<typeof API.adminGroups.searchUsers>['users'][number];

const MIN_TERM = 2;
const fullName = (user: { first_name: string; last_name: string }) => `${user.first_name} ${user.last_name}`.trim();

/** /admin/partner_groups/{group_id}/users: User Access Management. */
export function GroupUsersPage() {
  const { group_id: groupParam = '' } = useParams();
  const groupId = Number(groupParam);
  const confirm = useConfirm();
  const group = useApiQuery(API.adminGroups.group, { params: { groupId } });
  const users = useApiQuery(API.adminGroups.users, { params: { groupId } });
  const [term, setTerm] = useState('');
  const trimmed = term.trim();

  // Who has access changes the table and the search's checkmarks.
  const accessChange = {
    loader: true,
    success: (answer: { message: string }) => answer.message,
    invalidates: [API.adminGroups.users, API.adminGroups.searchUsers],
  };
  const addUser = useApiMutation(API.adminGroups.addUser, accessChange);
  const removeUser = useApiMutation(API.adminGroups.removeUser, accessChange);

  const add = (user: FoundUser) => addUser.mutate({ params: { groupId, userId: user.id } });
  const remove = async (user: AccessUser) => {
    if (!(await confirm(removeAccessConfirm(fullName(user))))) return;
    removeUser.mutate({ params: { groupId, userId: user.id } });
  };

  const accessColumns: DataColumn<AccessUser>[] = [
    { key: 'name', header: 'Name', render: (row) => fullName(row) },
    { key: 'location', header: 'Location', render: (row) => row.location ?? '' },
    { key: 'role', header: 'Role', render: (row) => roleLabel(row.role) },
    { key: 'last_login_date', header: 'Last Login', render: (row) => formatDateTime(row.last_login_date) },
    {
      key: 'remove',
      header: 'Remove',
      className: 'cell-action',
      render: (row) => (
        <TrashButton
          label={`Remove access for ${fullName(row)}`}
          title="Remove access"
          onClick={() => void remove(row)}
        />
      ),
    },
  ];

  const title = group.data ? `User Access Management: ${group.data.group.name}` : 'User Access Management';
  return (
    <PageFrame title={title}>
      <nav className="breadcrumb" aria-label="Breadcrumb">
        <Link to={routePath('admin.partner_groups')}>Partner Groups</Link>
        {group.data && (
          <>
            {' / '}
            <Link to={routePath('admin.partner_groups.manage', { group_id: groupId })}>{group.data.group.name}</Link>
          </>
        )}
      </nav>
      {group.isError && (
        <p className="notice notice-warning" role="alert">
          {queryErrorText(group.error)}
        </p>
      )}
      <section className="card" aria-labelledby="group-user-search-title">
        <h2 id="group-user-search-title">Add Users</h2>
        <TextField
          label="Search by name or e-mail"
          type="search"
          autoComplete="off"
          hint={`Type at least ${MIN_TERM} characters.`}
          value={term}
          onChange={(event) => setTerm(event.target.value)}
        />
        {/* Mounted only while the term is long enough: a shorter one clears the results. */}
        {trimmed.length >= MIN_TERM && <FoundUsers groupId={groupId} term={trimmed} onAdd={add} />}
      </section>
      <section className="card" aria-labelledby="group-users-title">
        <h2 id="group-users-title">Users with Access</h2>
        {users.isError && (
          <p className="notice notice-warning" role="alert">
            {queryErrorText(users.error)}
          </p>
        )}
        <DataTable
          caption="Users with access"
          columns={accessColumns}
          rows={users.data?.users ?? []}
          rowKey={(row) => row.id}
          loading={users.isPending}
          emptyText={MESSAGES.noUsersFound}
        />
      </section>
    </PageFrame>
  );
}

/** The search's results; the last ones stay while the next term is asked. */
function FoundUsers({ groupId, term, onAdd }: { groupId: number; term: string; onAdd: (user: FoundUser) => void }) {
  // The search is a POST: its key carries the body as the query part.
  const search = useQuery({
    queryKey: apiKey(API.adminGroups.searchUsers, { groupId }, { search_term: term }),
    queryFn: () => call(API.adminGroups.searchUsers, { params: { groupId }, body: { search_term: term } }),
    placeholderData: keepPreviousData,
  });
  useEffect(() => {
    if (search.isError) alerts.show(queryErrorText(search.error), 'warning');
  }, [search.isError, search.error]);
  const found = search.isError ? [] : search.data?.users;
  if (!found) return null;
  return (
    <div role="status" aria-live="polite">
      {found.length === 0 ? (
        <p className="muted">{MESSAGES.noUsersFound}</p>
      ) : (
        <ul className="plain-list group-user-results">
          {found.map((user) => (
            <li key={user.id}>
              <span>
                {fullName(user)} <span className="muted">{user.email}</span>
              </span>
              {user.group_access ? (
                <span className="access-check" aria-label={`${fullName(user)} has access`} role="img">
                  ✓
                </span>
              ) : (
                <button type="button" className="button button-small" onClick={() => onAdd(user)}>
                  Add User
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
