import { superAdminGroupsApi, type ResponseOf } from '@casebridge/contracts';
import { download } from '../../../lib/files';
import { useApiQuery } from '../../../lib/queries';
import { GroupDocumentsCard } from '../company-admin/GroupDocumentsCard';

/** Group documents of the partner-program view: upload for a partner, download and delete any. */
export function GroupDocumentsPanel({ groupId }: { groupId: number }) {
  // The same read as the partners panel beside it: one request, and adding or removing a partner updates both.
  const partners = useApiQuery(superAdminGroupsApi.partners, { params: { id: groupId } });
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
        list: { endpoint: superAdminGroupsApi.documents, params: { id: groupId } },
        download: (row) =>
          download(superAdminGroupsApi.downloadDocument, row.document_name ?? row.name, {
            params: { documentId: row.id },
          }),
        remove: {
          endpoint: superAdminGroupsApi.deleteDocument,
          params: (row) => ({ id: groupId, documentId: row.id }),
        },
        upload: { endpoint: superAdminGroupsApi.uploadDocument, params: { id: groupId } },
      }}
    />
  );
}

/** The group's partner companies, once each (a company may take part with several departments). */
function partnerChoices(answer: ResponseOf<typeof superAdminGroupsApi.partners> | undefined) {
  const partners = answer?.partners ?? [];
  return [...new Map(partners.map((row) => [row.company.id, row.company.name])).entries()].map(([value, label]) => ({
    value,
    label,
  }));
}
