import { useState } from 'react';
import { adminGroupsApi, type GroupDocumentShape } from '@casebridge/contracts';
import { call } from '../../lib/api';
import { errorMessage } from '../../lib/api-error';
import { download } from '../../lib/files';
import { formatDate } from '../../lib/format';
import { useAsync } from '../../lib/use-async';
import { alerts } from '../../app/alerts-store';
import { DataTable, type DataColumn } from '../../ui/DataTable';
import { useConfirm, withLoader } from '../../ui/modal-store';
import { AddDocumentModal } from './AddDocumentModal';

/** The group's shared files and links: Add Document/Link, download, delete own documents (spec 2 "Partner group detail"). */
export function GroupDocuments({ groupId }: { groupId: number }) {
  const confirm = useConfirm();
  const [version, setVersion] = useState(0);
  const [adding, setAdding] = useState(false);
  const documents = useAsync(() => call(adminGroupsApi.documents, { params: { groupId } }), [groupId, version]);
  const reload = () => setVersion((value) => value + 1);

  const openFile = async (row: GroupDocumentShape) => {
    try {
      await withLoader(
        download(adminGroupsApi.downloadDocument, row.document_name ?? row.name, {
          params: { groupId, documentId: row.id },
        }),
      );
    } catch (error) {
      alerts.show(errorMessage(error), 'warning');
    }
  };

  const remove = async (row: GroupDocumentShape) => {
    if (!(await confirm(`Are you sure you want to delete ${row.name}?`))) return;
    try {
      const answer = await withLoader(call(adminGroupsApi.deleteDocument, { params: { groupId, documentId: row.id } }));
      alerts.show(answer.message, 'success');
      reload();
    } catch (error) {
      alerts.show(errorMessage(error), 'warning');
    }
  };

  const columns: DataColumn<GroupDocumentShape>[] = [
    {
      key: 'name',
      header: 'Name',
      render: (row) =>
        row.document_type === 'url' && row.url ? (
          <a href={row.url} target="_blank" rel="noopener noreferrer">
            {row.name}
          </a>
        ) : (
          <button type="button" className="link-button" onClick={() => void openFile(row)}>
            {row.name}
          </button>
        ),
    },
    { key: 'type', header: 'Type', render: (row) => (row.document_type === 'url' ? 'Link' : 'File') },
    { key: 'company', header: 'Company', render: (row) => row.company_name },
    { key: 'created_at', header: 'Added', render: (row) => formatDate(row.created_at) },
    {
      key: 'delete',
      header: 'Delete',
      className: 'cell-action',
      render: (row) =>
        row.can_delete ? (
          <button
            type="button"
            className="icon-button icon-danger"
            aria-label={`Delete ${row.name}`}
            title="Delete"
            onClick={() => void remove(row)}
          >
            <TrashIcon />
          </button>
        ) : null,
    },
  ];

  return (
    <section className="card" aria-labelledby="group-documents-title">
      <div className="card-title">
        <h2 id="group-documents-title">Documents</h2>
        <button type="button" className="button" onClick={() => setAdding(true)}>
          Add Document/Link
        </button>
      </div>
      {documents.status === 'failed' && (
        <p className="notice notice-warning" role="alert">
          {documents.error}
        </p>
      )}
      <DataTable
        caption="Group documents"
        columns={columns}
        rows={documents.data?.documents ?? []}
        rowKey={(row) => row.id}
        loading={documents.status === 'loading'}
        emptyText="No documents shared with this group."
      />
      {adding && (
        <AddDocumentModal
          groupId={groupId}
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

export function TrashIcon() {
  return (
    <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M6 1h4a1 1 0 0 1 1 1v1h3v1.5H2V3h3V2a1 1 0 0 1 1-1Zm.5 2h3v-.5h-3V3ZM3.5 6h9l-.7 8.1a1 1 0 0 1-1 .9H5.2a1 1 0 0 1-1-.9L3.5 6Zm3 1.5v6h1v-6h-1Zm2 0v6h1v-6h-1Z"
      />
    </svg>
  );
}
