import { Link } from 'react-router-dom';
import { documentTypeListLabel, routePath, type AdminProcessRow } from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';
import { queryErrorText, useApiQuery } from '../../../lib/queries';
import { PageFrame } from '../../../app/PageFrame';
import { DataTable, type DataColumn } from '../../../ui/DataTable';

const names = (items: { name: string }[]) => items.map((item) => item.name).join(', ');

const COLUMNS: DataColumn<AdminProcessRow>[] = [
  {
    key: 'name',
    header: 'Name',
    render: (row) => <Link to={routePath('admin.inbound_process.manage', { document_id: row.id })}>{row.name}</Link>,
  },
  { key: 'type', header: 'Type', render: (row) => documentTypeListLabel(row.document_type) },
  { key: 'departments', header: 'Departments', render: (row) => names(row.departments) },
  { key: 'groups', header: 'Groups', render: (row) => names(row.groups) },
  { key: 'escalation_manager', header: 'Escalation Manager', render: (row) => row.escalation_manager ?? '' },
];

/** /admin/inbound_process: the company's inbound process documents. */
export function InboundProcessListPage() {
  const list = useApiQuery(API.adminProcesses.list);
  return (
    <PageFrame title="Inbound Processes">
      <section className="card">
        {list.isError && (
          <p className="notice notice-warning" role="alert">
            {queryErrorText(list.error)}
          </p>
        )}
        <DataTable
          caption="Inbound processes"
          columns={COLUMNS}
          rows={list.data?.documents ?? []}
          rowKey={(row) => row.id}
          loading={list.isPending}
          emptyText="No process documents."
        />
      </section>
    </PageFrame>
  );
}
