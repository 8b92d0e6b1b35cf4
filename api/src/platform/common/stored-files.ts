import { StreamableFile } from '@nestjs/common';
import { OCTET_STREAM, servedContentType, SNIFF_BYTES, type UploadKind } from '@casebridge/db';
import { attachmentDisposition, type FileStorage } from '@casebridge/server-core';
import type { Readable } from 'node:stream';

export { attachmentDisposition };

/** A stored file opened for an answer. */
export interface StoredFileDownload {
  stream: Readable;
  fileName: string;
  size: number;
  /**
   * Decided now from the file's first bytes against its kind's allow-list (libs/db file-types), never from a type
   * the uploader declared or a row stored: rows written before this rule carry declared types.
   */
  contentType: string;
}

/**
 * Opens a stored file (its storage key, as its row keeps it) to be answered as `fileName`, with the type its content
 * proves among those of `kind`. Null when there is nothing to send: no key, a key outside storage, no such file.
 */
export async function openStoredFile(
  storage: FileStorage,
  storedPath: string | null,
  fileName: string,
  kind: UploadKind,
): Promise<StoredFileDownload | null> {
  const head = storedPath ? await storage.head(storedPath, SNIFF_BYTES) : null;
  const file = head && storedPath ? await storage.open(storedPath) : null;
  if (!head || !file) return null;
  return { stream: file.stream, fileName, size: file.size, contentType: servedContentType(head, fileName, kind) };
}

/**
 * The answer of a stored file, with its verified type. `inline` (images shown by the pages) holds only for an
 * identified type: anything else is application/octet-stream and always a download, never rendered.
 * X-Content-Type-Options: nosniff is on every answer (security-headers.ts), so the browser keeps this type.
 */
export function storedFileAnswer(
  file: StoredFileDownload,
  disposition: 'attachment' | 'inline' = 'attachment',
): StreamableFile {
  const inline = disposition === 'inline' && file.contentType !== OCTET_STREAM;
  return new StreamableFile(file.stream, {
    type: file.contentType,
    disposition: inline ? undefined : attachmentDisposition(file.fileName),
    length: file.size,
  });
}
