import { Link } from 'react-router-dom';
import { GROUP_TYPE_LABELS, routePath, type SuperAdminGroupRow } from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';
import { PageFrame } from '../../../app/PageFrame';
import { call } from '../../../lib/api';
import { useApiMutation } from '../../../lib/mutations';
import { useApiQuery } from '../../../lib/queries';
import type { DataColumn } from '../../../ui/DataTable';
import { useConfirm } from '../../../ui/modal-store';
import { TrashButton } from '../../../ui/TrashButton';
import { groupsChanged } from '../../back-office/back-office-changes';
import { SearchableListCard } from '../../back-office/SearchableListCard';
import { groupDetailPath } from './use-group';

/** /super_admin/groups: every group, Add New, groups.xlsx and delete with confirmation. */
export function GroupsPage() {
  const confirm = useConfirm();
  const groups = useApiQuery(API.superAdminGroups.list);

  // A delete answers success, or a warning with the server's message (the default for a failed write).
  const deleteGroup = useApiMutation(API.superAdminGroups.delete, {
    loader: true,
    success: (answer) => answer.message,
    onSuccess: () => void groupsChanged(),
  });
  const remove = async (row: SuperAdminGroupRow) => {
    if (!(await confirm(`Are you sure you want to delete the ${row.name} group?`))) return;
    deleteGroup.mutate({ params: { id: row.id } });
  };

  const columns: DataColumn<SuperAdminGroupRow>[] = [
    { key: 'name', header: 'Name', render: (row) => <Link to={groupDetailPath(row)}>{row.name}</Link> },
    { key: 'type', header: 'Group Type', render: (row) => GROUP_TYPE_LABELS[row.type] },
    { key: 'host', header: 'Host', render: (row) => row.host?.name ?? '' },
    { key: 'companies', header: 'Companies', render: (row) => row.companies },
    {
      key: 'registration_page',
      header: 'Registration Page',
      render: (row) =>
        row.registration_page ? (
          <a href={row.registration_page} target="_blank" rel="noopener noreferrer">
            {row.registration_page}
          </a>
        ) : null,
    },
    {
      key: 'delete',
      header: 'Delete',
      className: 'cell-action',
      render: (row) => <TrashButton label={`Delete ${row.name}`} title="Delete" onClick={() => void remove(row)} />,
    },
  ];

  return (
    <PageFrame
      title="Groups"
      actions={
        <Link className="button" to={routePath('super_admin.group.edit', { group_id: 0 })}>
          Add New
        </Link>
      }
    >
      <SearchableListCard
        caption="Groups"
        columns={columns}
        rows={groups.data?.groups}
        loading={groups.isPending}
        error={groups.error}
        searchText={(row) =>
          [row.name, GROUP_TYPE_LABELS[row.type], row.host?.name ?? '', row.registration_page ?? ''].join(' ')
        }
        rowKey={(row) => row.id}
        emptyText="No groups."
        exportRequest={() => call(API.superAdminGroups.export)}
      />
    </PageFrame>
  );
}
