import { useState } from 'react';
import { superAdminGroupsApi, type SuperAdminGroup, type SuperAdminGroupPartner } from '@casebridge/contracts';
import { alerts } from '../../../app/alerts-store';
import { call } from '../../../lib/api';
import { errorMessage } from '../../../lib/api-error';
import { useAsync } from '../../../lib/use-async';
import { DataTable, type DataColumn } from '../../../ui/DataTable';
import { useConfirm, withLoader } from '../../../ui/modal-store';
import { TrashIcon } from '../../admin-groups/TrashIcon';
import { ExportButton } from '../../exports/ExportButton';
import { AddPartnerModal } from './AddPartnerModal';
import '../companies/companies.css';

/** Group partners of the partner-program view: company, department and process, with add, remove and export. */
export function GroupPartnersPanel({ group }: { group: SuperAdminGroup }) {
  const confirm = useConfirm();
  const [version, setVersion] = useState(0);
  const [adding, setAdding] = useState(false);
  const partners = useAsync(
    () => call(superAdminGroupsApi.partners, { params: { id: group.id } }),
    [group.id, version],
  );
  const reload = () => setVersion((value) => value + 1);

  const remove = async (row: SuperAdminGroupPartner) => {
    const who = row.department ? `${row.company.name} (${row.department.name})` : row.company.name;
    if (!(await confirm(`Are you sure you want to remove ${who} from ${group.name}?`))) return;
    try {
      const answer = await withLoader(
        call(superAdminGroupsApi.removePartner, { params: { id: group.id, partnerId: row.id } }),
      );
      alerts.show(answer.message, 'success');
      reload();
    } catch (error) {
      alerts.show(errorMessage(error), 'warning');
    }
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
        <button
          type="button"
          className="icon-button icon-danger"
          aria-label={`Remove ${row.company.name}${row.department ? ` (${row.department.name})` : ''}`}
          title="Remove"
          onClick={() => void remove(row)}
        >
          <TrashIcon />
        </button>
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
        request={() => call(superAdminGroupsApi.exportPartners, { params: { id: group.id } })}
      />
      {partners.status === 'failed' && (
        <p className="notice notice-warning" role="alert">
          {partners.error}
        </p>
      )}
      <DataTable
        caption="Group partners"
        columns={columns}
        rows={partners.data?.partners ?? []}
        rowKey={(row) => row.id}
        loading={partners.status === 'loading'}
        emptyText="No partners yet."
      />
      {adding && (
        <AddPartnerModal
          groupId={group.id}
          onClose={() => setAdding(false)}
          onAdded={() => {
            setAdding(false);
            reload();
          }}
        />
      )}
    </section>
  );
}
