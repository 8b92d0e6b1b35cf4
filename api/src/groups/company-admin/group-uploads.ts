import { GROUP_DOCUMENT_EXTENSIONS } from '@casebridge/contracts';
import type { GroupDocument } from '@casebridge/db';
import type { FileStorage, ServerConfig } from '@casebridge/server-core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import {
  acceptedUpload,
  placeStagedFile,
  StagedUploadCleanup,
  stagingUploadOptions,
  type StagedFile,
  type UploadRule,
} from '../../platform/common/staged-files';
import { openStoredFile, type StoredFileDownload } from '../../platform/common/stored-files';
import type { UploadOptions } from '../../platform/common/multipart';

export type { StagedFile } from '../../platform/common/staged-files';

/** Uploads land here first; the service moves an accepted file under groups/{groupId}/documents/. */
export function groupStagingDir(config: ServerConfig): string {
  return resolve(config.STORAGE_DIR, 'groups', 'incoming');
}

/** multer for group documents: one file, staged on disk under a random name, limited in size (413). */
export function groupUploadOptions(config: ServerConfig): UploadOptions {
  return stagingUploadOptions(groupStagingDir(config), config, { files: 1, fields: 10 });
}

/** Where an accepted group document is kept: its storage key. */
export function groupDocumentPath(groupId: number, extension: string): string {
  return join('groups', String(groupId), 'documents', `${randomBytes(16).toString('hex')}${extension}`);
}

/** Removes the staged file of a failed request, and turns multer's field errors into the api's 422. */
export const GroupUploadCleanupInterceptor = StagedUploadCleanup('file', 'Please upload one file in the file field.');

/** Group documents: .xls, .xlsx, .doc, .docx, .pdf, .jpg, .jpeg or .png, each proven by content. */
export const GROUP_DOCUMENT_UPLOAD: UploadRule = {
  field: 'file',
  noun: 'file',
  kind: 'document',
  extensions: GROUP_DOCUMENT_EXTENSIONS,
};

/** What a group document row keeps of an accepted file. */
export interface StoredGroupFile {
  filePath: string;
  originalFilename: string;
  /** The verified type (kept for the record; downloads decide again from the content). */
  mimeType: string;
  /** Where the file now is; remove it again when the row cannot be saved. */
}

/**
 * Checks a staged group document (type and content) and moves it under groups/{groupId}/documents/: one rule for
 * the company admin's and the super admin's uploads.
 */
export async function storeGroupDocumentFile(
  storage: FileStorage,
  groupId: number,
  file: StagedFile,
): Promise<StoredGroupFile> {
  const { extension, contentType } = await acceptedUpload(file, GROUP_DOCUMENT_UPLOAD);
  const filePath = groupDocumentPath(groupId, extension);
  await placeStagedFile(storage, file, filePath);
  return { filePath, originalFilename: displayName(file.originalname), mimeType: contentType };
}

/**
 * The file's name as the user saw it: multer hands multipart names over as latin1, so UTF-8 names are re-decoded;
 * path parts are dropped and the name is cut to 255 characters.
 */
export function displayName(name: string): string {
  const utf8 = Buffer.from(name, 'latin1').toString('utf8');
  const decoded = utf8.includes('\uFFFD') ? name : utf8;
  const base = decoded.split(/[\\/]/).pop() || 'file';
  return base.length > 255 ? base.slice(base.length - 255) : base;
}

/**
 * The stored file of a group document for download, or null when there is none to send (no row, a link, or a
 * file missing from storage): the company admin's and the super admin's download alike. Its type comes from its
 * content, never from the row's mime type (older rows kept the type the uploader declared).
 */
export function groupDocumentDownload(
  storage: FileStorage,
  doc: GroupDocument | null,
): Promise<StoredFileDownload | null> {
  if (!doc?.filePath) return Promise.resolve(null);
  return openStoredFile(storage, doc.filePath, doc.originalFilename ?? doc.name, 'document');
}

/** Deletes a group document and then its file. */
export async function deleteGroupDocument(em: EntityManager, storage: FileStorage, doc: GroupDocument): Promise<void> {
  const stored = doc.filePath;
  em.remove(doc);
  await em.flush();
  // The row is gone first: a file left behind by a failed delete is unreachable, never a dangling row.
  if (stored) await storage.remove(stored).catch(() => undefined);
}
