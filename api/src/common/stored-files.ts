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

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  zip: 'application/zip',
};

/** Content type by file extension; application/octet-stream when unknown. */
export function contentTypeOf(fileName: string): string {
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase() ?? '';
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
}

/** Content-Disposition of a download, with an ASCII fallback and the UTF-8 name (RFC 6266). */
export function attachmentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
