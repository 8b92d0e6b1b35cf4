import { StreamableFile } from '@nestjs/common';
import { OCTET_STREAM, servedContentType, SNIFF_BYTES, type UploadKind } from '@casebridge/db';
import { createReadStream, type ReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { isAbsolute, relative, resolve } from 'node:path';

/**
 * The absolute path of a stored file (a path relative to STORAGE_DIR as kept in the database), or null when the
 * stored path would leave the storage folder (absolute, "..").
 */
export function storedFilePath(storageDir: string, storedPath: string): string | null {
  const root = resolve(storageDir);
  const path = resolve(root, storedPath);
  const inside = relative(root, path);
  if (!inside || inside.startsWith('..') || isAbsolute(inside)) return null;
  return path;
}

/** Content-Disposition of a download, with an ASCII fallback and the UTF-8 name (RFC 6266). */
export function attachmentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** A stored file opened for an answer. */
export interface StoredFileDownload {
  stream: ReadStream;
  fileName: string;
  size: number;
  /**
   * Decided now from the file's first bytes against its kind's allow-list (libs/db file-types), never from a type
   * the uploader declared or a row stored: rows written before this rule carry declared types.
   */
  contentType: string;
}

/**
 * Opens a stored file (relative to STORAGE_DIR) to be answered as `fileName`, with the type its content proves
 * among those of `kind`. Null when there is nothing to send: no path, a path outside storage, no such file.
 */
export async function openStoredFile(
  storageDir: string,
  storedPath: string | null,
  fileName: string,
  kind: UploadKind,
): Promise<StoredFileDownload | null> {
  const path = storedPath ? storedFilePath(storageDir, storedPath) : null;
  const handle = path ? await open(path, 'r').catch(() => null) : null;
  if (!path || !handle) return null;
  try {
    const info = await handle.stat();
    if (!info.isFile()) return null;
    const head = Buffer.alloc(Math.min(SNIFF_BYTES, info.size));
    await handle.read(head, 0, head.length, 0);
    const contentType = servedContentType(head, fileName, kind);
    return { stream: createReadStream(path), fileName, size: info.size, contentType };
  } finally {
    await handle.close();
  }
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
