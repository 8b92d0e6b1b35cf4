import { useState } from 'react';
import { type SuperAdminGroup, type SuperAdminGroupPartner } from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';
import { call } from '../../../lib/api';
import { useApiMutation } from '../../../lib/mutations';
import { queryErrorText, useApiQuery } from '../../../lib/queries';
import { DataTable, type DataColumn } from '../../../ui/DataTable';
import { useConfirm } from '../../../ui/modal-store';
import { TrashButton } from '../../../ui/TrashButton';
import { ExportButton } from '../../../ui/ExportButton';
import { relationsChanged } from '../../back-office/back-office-changes';
import { AddPartnerModal } from './AddPartnerModal';
import '../../companies/back-office/companies.css';

/** Group partners of the partner-program view: company, department and process, with add, remove and export. */
export function GroupPartnersPanel({ group }: { group: SuperAdminGroup }) {
  const confirm = useConfirm();
  const [adding, setAdding] = useState(false);
  const partners = useApiQuery(API.superAdminGroups.partners, { params: { id: group.id } });

  const removePartner = useApiMutation(API.superAdminGroups.removePartner, {
    loader: true,
    success: (answer) => answer.message,
    onSuccess: () => void relationsChanged(),
  });
  const remove = async (row: SuperAdminGroupPartner) => {
    const who = row.department ? `${row.company.name} (${row.department.name})` : row.company.name;
    if (!(await confirm(`Are you sure you want to remove ${who} from ${group.name}?`))) return;
    removePartner.mutate({ params: { id: group.id, partnerId: row.id } });
  };

  const columns: DataColumn<SuperAdminGroupPartner>[] = [
    {
      key: 'company',
      header: 'Company',
      render: (row) => (
        <>
          <span
            className={row.is_active ? 'status-dot status-dot-on' : 'status-dot status-dot-off'}
            aria-hidden="true"
          />{' '}
          {row.company.name}
          {row.is_host && <span className="muted"> (host)</span>}
        </>
      ),
    },
    { key: 'department', header: 'Department', render: (row) => row.department?.name ?? '' },
    { key: 'process', header: 'Collaboration Process', render: (row) => row.document?.name ?? '' },
    {
      key: 'remove',
      header: 'Remove',
      className: 'cell-action',
      render: (row) => (
        <TrashButton
          label={`Remove ${row.company.name}${row.department ? ` (${row.department.name})` : ''}`}
          title="Remove"
          onClick={() => void remove(row)}
        />
      ),
    },
  ];

  return (
    <section className="card" aria-labelledby="group-partners-title">
      <div className="card-title">
        <h2 id="group-partners-title">Group Partners</h2>
        <button type="button" className="button" onClick={() => setAdding(true)}>
          Add Partner
        </button>
      </div>
      <ExportButton
        label="Export Partners"
        request={() => call(API.superAdminGroups.exportPartners, { params: { id: group.id } })}
      />
      {partners.isError && (
        <p className="notice notice-warning" role="alert">
          {queryErrorText(partners.error)}
        </p>
      )}
      <DataTable
        caption="Group partners"
        columns={columns}
        rows={partners.data?.partners ?? []}
        rowKey={(row) => row.id}
        loading={partners.isPending}
        emptyText="No partners yet."
      />
      {adding && (
        <AddPartnerModal
          groupId={group.id}
          onClose={() => setAdding(false)}
          onAdded={() => {
            setAdding(false);
            void relationsChanged();
          }}
        />
      )}
    </section>
  );
}
