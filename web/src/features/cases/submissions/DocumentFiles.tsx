import { type ContactDocumentShape } from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';
import { useFileDownload } from '../../../lib/mutations';
import { downloadFile } from './download-file';

type DocumentFile = ContactDocumentShape['files'][number];

/**
 * Files of the process: url kind opens the address; file kind downloads with the bearer token,
 * through the partner group when it belongs to one, otherwise from the document itself.
 */
export function DocumentFiles({ documentId, files }: { documentId: number; files: DocumentFile[] }) {
  const save = useFileDownload({ loader: true });
  const download = (file: DocumentFile) => {
    const filename = file.original_filename ?? file.name;
    save(() =>
      file.community_id !== null
        ? downloadFile(API.documents.groupDocumentDownload, { community_id: file.community_id, id: file.id }, filename)
        : downloadFile(API.documents.documentFileDownload, { documentId, id: file.id }, filename),
    );
  };
  return (
    <section className="card card-compact" aria-labelledby="document-files-title">
      <h2 id="document-files-title">Files</h2>
      <ul className="plain-list">
        {files.map((file) => (
          <li key={file.id}>
            {file.document_type === 'file' ? (
              <button type="button" className="link-button" onClick={() => download(file)}>
                {file.name}
              </button>
            ) : file.url ? (
              <a href={file.url} target="_blank" rel="noreferrer">
                {file.name}
              </a>
            ) : (
              <span>{file.name}</span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
