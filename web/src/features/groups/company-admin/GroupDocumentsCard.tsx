import { useState } from 'react';
import type { adminGroupsApi, GroupDocumentShape, superAdminGroupsApi } from '@casebridge/contracts';
import { formatDate } from '../../../lib/format';
import { useApiMutation, useFileDownload } from '../../../lib/mutations';
import { invalidateEndpoints, queryErrorText, useApiQuery } from '../../../lib/queries';
import { DataTable, type DataColumn } from '../../../ui/DataTable';
import { useConfirm } from '../../../ui/modal-store';
import { GroupDocumentModal, type DocumentOwner, type DocumentUpload } from './GroupDocumentModal';
import { TrashButton } from '../../../ui/TrashButton';

/** The list read of a documents box: the company admin's endpoint or the super admin's, with its parameters. */
export type GroupDocumentsList =
  | { endpoint: typeof adminGroupsApi.documents; params: { groupId: number } }
  | { endpoint: typeof superAdminGroupsApi.documents; params: { id: number } };

/** The calls behind a documents box: the company admin's and the super admin's endpoints differ. */
export interface GroupDocumentCalls {
  list: GroupDocumentsList;
  download: (row: GroupDocumentShape) => Promise<void>;
  /** Deletes one row's document: the endpoint and the row's path parameters. */
  remove: {
    endpoint: typeof adminGroupsApi.deleteDocument | typeof superAdminGroupsApi.deleteDocument;
    params: (row: GroupDocumentShape) => Record<string, number>;
  };
  upload: DocumentUpload;
}

export interface GroupDocumentsCardProps {
  calls: GroupDocumentCalls;
  title: string;
  headingId: string;
  /** The add button's text, also the upload modal's title. */
  addLabel: string;
  urlLabel: string;
  companyHeader: string;
  owner: DocumentOwner;
  /** Which rows show the delete icon; the row's can_delete unless given. */
  canDelete?: (row: GroupDocumentShape) => boolean;
}

/** A group's shared files and links: add, download and delete with confirmation. */
export function GroupDocumentsCard({
  calls,
  title,
  headingId,
  addLabel,
  urlLabel,
  companyHeader,
  owner,
  canDelete = (row) => row.can_delete,
}: GroupDocumentsCardProps) {
  const confirm = useConfirm();
  const [adding, setAdding] = useState(false);
  const documents = useApiQuery(calls.list.endpoint, { params: calls.list.params });
  const changed = () => invalidateEndpoints(calls.list.endpoint);

  const openFile = useFileDownload({ loader: true });

  const removeDocument = useApiMutation(calls.remove.endpoint, {
    loader: true,
    success: (answer) => answer.message,
    onSuccess: () => void changed(),
  });
  const remove = async (row: GroupDocumentShape) => {
    if (!(await confirm(`Are you sure you want to delete ${row.name}?`))) return;
    removeDocument.mutate({ params: calls.remove.params(row) });
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
          <button type="button" className="link-button" onClick={() => openFile(() => calls.download(row))}>
            {row.name}
          </button>
        ),
    },
    { key: 'type', header: 'Type', render: (row) => (row.document_type === 'url' ? urlLabel : 'File') },
    { key: 'company', header: companyHeader, render: (row) => row.company_name },
    { key: 'created_at', header: 'Added', render: (row) => formatDate(row.created_at) },
    {
      key: 'delete',
      header: 'Delete',
      className: 'cell-action',
      render: (row) =>
        canDelete(row) ? (
          <TrashButton label={`Delete ${row.name}`} title="Delete" onClick={() => void remove(row)} />
        ) : null,
    },
  ];

  return (
    <section className="card" aria-labelledby={headingId}>
      <div className="card-title">
        <h2 id={headingId}>{title}</h2>
        <button type="button" className="button" onClick={() => setAdding(true)}>
          {addLabel}
        </button>
      </div>
      {documents.isError && (
        <p className="notice notice-warning" role="alert">
          {queryErrorText(documents.error)}
        </p>
      )}
      <DataTable
        caption="Group documents"
        columns={columns}
        rows={documents.data?.documents ?? []}
        rowKey={(row) => row.id}
        loading={documents.isPending}
        emptyText="No documents shared with this group."
      />
      {adding && (
        <GroupDocumentModal
          title={addLabel}
          urlLabel={urlLabel}
          owner={owner}
          upload={calls.upload}
          onClose={() => setAdding(false)}
          onAdded={() => {
            setAdding(false);
            void changed();
          }}
        />
      )}
    </section>
  );
}
