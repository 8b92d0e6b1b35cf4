import { API } from '../../../lib/api-routes';
import { useSession } from '../../../app/session-store';
import { download } from '../../../lib/files';
import { GroupDocumentsCard } from './GroupDocumentsCard';

/** The group's shared files and links: Add Document/Link, download, delete own documents. */
export function GroupDocuments({ groupId }: { groupId: number }) {
  const companyId = useSession((state) => state.company?.id ?? 0);
  return (
    <GroupDocumentsCard
      title="Documents"
      headingId="group-documents-title"
      addLabel="Add Document/Link"
      urlLabel="Link"
      companyHeader="Company"
      owner={{ companyId }}
      calls={{
        list: { endpoint: API.adminGroups.documents, params: { groupId } },
        download: (row) =>
          download(API.adminGroups.downloadDocument, row.document_name ?? row.name, {
            params: { groupId, documentId: row.id },
          }),
        remove: { endpoint: API.adminGroups.deleteDocument, params: (row) => ({ groupId, documentId: row.id }) },
        upload: { endpoint: API.adminGroups.uploadDocument, params: { groupId } },
      }}
    />
  );
}
