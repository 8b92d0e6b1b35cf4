import { type ContactDocumentShape, type DocumentsResponse } from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';
import { apiKey, queryClient } from '../../../lib/queries';

/**
 * Writes what the user changed on one process document (favourite, own note) into every cached documents answer
 * that holds it: the request page opened again shows the change, not the answer from before it.
 */
export function patchCachedDocument(documentId: number, patch: Partial<ContactDocumentShape>): void {
  const update = (answer: DocumentsResponse | undefined) =>
    answer && {
      ...answer,
      documents: answer.documents.map((document) =>
        document.id === documentId ? { ...document, ...patch } : document,
      ),
    };
  // A key without parameters matches the endpoint's answers for every partner and parent document.
  for (const endpoint of [API.documents.documents, API.documents.subDocuments]) {
    queryClient.setQueriesData<DocumentsResponse>({ queryKey: apiKey(endpoint) }, update);
  }
}
