import { type ResponseOf } from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';
import { download } from '../../../lib/files';
import { useApiQuery } from '../../../lib/queries';
import { GroupDocumentsCard } from '../company-admin/GroupDocumentsCard';

/** Group documents of the partner-program view: upload for a partner, download and delete any. */
export function GroupDocumentsPanel({ groupId }: { groupId: number }) {
  // The same read as the partners panel beside it: one request, and adding or removing a partner updates both.
  const partners = useApiQuery(API.superAdminGroups.partners, { params: { id: groupId } });
  return (
    <GroupDocumentsCard
      title="Group Documents"
      headingId="sa-group-documents-title"
      addLabel="Upload Document"
      urlLabel="Url"
      companyHeader="Partner"
      owner={{ label: 'Partner', choices: partnerChoices(partners.data) }}
      canDelete={() => true}
      calls={{
        list: { endpoint: API.superAdminGroups.documents, params: { id: groupId } },
        download: (row) =>
          download(API.superAdminGroups.downloadDocument, row.document_name ?? row.name, {
            params: { documentId: row.id },
          }),
        remove: {
          endpoint: API.superAdminGroups.deleteDocument,
          params: (row) => ({ id: groupId, documentId: row.id }),
        },
        upload: { endpoint: API.superAdminGroups.uploadDocument, params: { id: groupId } },
      }}
    />
  );
}

/** The group's partner companies, once each (a company may take part with several departments). */
function partnerChoices(answer: ResponseOf<typeof API.superAdminGroups.partners> | undefined) {
  const partners = answer?.partners ?? [];
  return [...new Map(partners.map((row) => [row.company.id, row.company.name])).entries()].map(([value, label]) => ({
    value,
    label,
  }));
}
