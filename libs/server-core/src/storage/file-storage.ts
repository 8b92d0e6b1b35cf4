import type { Readable } from 'node:stream';

/** A stored file opened for reading: its bytes as a stream (read it or destroy it) and its size. */
export interface OpenedFile {
  stream: Readable;
  size: number;
}

/** What a signed link downloads: the name the browser saves it as and its type. */
export interface SignedDownload {
  fileName: string;
  contentType: string;
  /** How long the link works, in seconds. */
  expiresInSeconds: number;
}

/**
 * Where uploaded files, generated exports, logos and SSO files are kept, by key: the relative path their rows store
 * ("cases/12/ab12-log.txt"). Two implementations: a local folder (one machine, the default) and S3-compatible object
 * storage (a cluster). Files arrive on local disk first (multer's staging, an export being written) and are moved in
 * whole, so a reader never sees half a file. Keys that could leave the storage (absolute, "..", backslashes) are
 * refused: reads answer null, writes throw.
 */
export interface FileStorage {
  /** "local" or "s3": for logs and the health of a deployment, never for branching outside this folder. */
  readonly kind: 'local' | 's3';
  /** Moves a local file into storage under `key` (replacing what was there); the local file is gone afterwards. */
  moveIn(localPath: string, key: string, contentType?: string): Promise<void>;
  /** Writes bytes under `key` (small files: SSO metadata, demo files). */
  write(key: string, body: Buffer, contentType?: string): Promise<void>;
  /** Opens `key` as a stream, or null when there is no such file. */
  open(key: string): Promise<OpenedFile | null>;
  /** Up to `bytes` first bytes of `key` (to identify its type), or null when there is no such file. */
  head(key: string, bytes: number): Promise<Buffer | null>;
  /** The whole file (small files only), or null. */
  read(key: string): Promise<Buffer | null>;
  /** Deletes `key`; a missing file is fine. */
  remove(key: string): Promise<void>;
  /**
   * A short-lived link that downloads `key` straight from the storage, or null when the storage has no links of its
   * own (the local folder: the api serves the file itself, through its own signed link).
   */
  signedDownloadUrl(key: string, download: SignedDownload): Promise<string | null>;
}

/** A key a storage accepts: relative, forward slashes, no empty, "." or ".." segment. */
export function isStorageKey(key: string): boolean {
  if (!key || key.length > 1024 || key.startsWith('/') || key.includes('\\') || key.includes('\0')) return false;
  return key.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

export class UnsafeStorageKeyError extends Error {
  constructor(key: string) {
    super(`Refused storage key ${JSON.stringify(key.slice(0, 100))}: it could leave the storage.`);
  }
}

export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) throw new UnsafeStorageKeyError(key);
}

/** Content-Disposition of a download, with an ASCII fallback and the UTF-8 name (RFC 6266). */
export function attachmentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export interface S3Location {
  bucket: string;
  /** Prepended to every key ("casebridge/"), empty for the bucket's root. */
  prefix: string;
}

/** `s3://bucket` or `s3://bucket/some/prefix`: the bucket and the key prefix. */
export function parseS3Url(url: string): S3Location {
  const parsed = new URL(url);
  if (parsed.protocol !== 's3:' || !parsed.hostname) throw new Error(`STORAGE_URL must look like s3://bucket: ${url}`);
  const path = parsed.pathname.replace(/^\/+|\/+$/g, '');
  return { bucket: parsed.hostname, prefix: path ? `${path}/` : '' };
}
