import type { MulterModuleOptions } from '@nestjs/platform-express';
import { GROUP_DOCUMENT_EXTENSIONS } from '@casebridge/contracts';
import type { GroupDocument, ServerConfig } from '@casebridge/db';
import type { EntityManager } from '@mikro-orm/postgresql';
import { createReadStream, type ReadStream } from 'node:fs';
import { stat, unlink } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { extname, join, resolve } from 'node:path';
import { ValidationException } from '../common/errors';
import {
  fileStartsWith,
  placeStagedFile,
  StagedUploadCleanup,
  stagingUploadOptions,
  type StagedFile,
} from '../common/staged-files';
import { contentTypeOf, storedFilePath } from '../common/stored-files';

export type { StagedFile } from '../common/staged-files';

/** Uploads land here first; the service moves an accepted file under groups/{groupId}/documents/. */
export function groupStagingDir(config: ServerConfig): string {
  return resolve(config.STORAGE_DIR, 'groups', 'incoming');
}

/** multer for group documents: one file, staged on disk under a random name, limited in size (413). */
export function groupUploadOptions(config: ServerConfig): MulterModuleOptions {
  return stagingUploadOptions(groupStagingDir(config), config, { files: 1, fields: 10 });
}

/** Where an accepted group document is kept, relative to STORAGE_DIR. */
export function groupDocumentPath(groupId: number, extension: string): string {
  return join('groups', String(groupId), 'documents', `${randomBytes(16).toString('hex')}${extension}`);
}

/** Removes the staged file of a failed request, and turns multer's field errors into the api's 422. */
export const GroupUploadCleanupInterceptor = StagedUploadCleanup('file', 'Please upload one file in the file field.');

/** The first bytes each accepted extension must start with: PDF, PNG, JPEG, OLE2 (doc, xls), ZIP (docx, xlsx). */
export const SIGNATURES: Record<(typeof GROUP_DOCUMENT_EXTENSIONS)[number], readonly number[]> = {
  '.pdf': [0x25, 0x50, 0x44, 0x46, 0x2d],
  '.png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  '.jpg': [0xff, 0xd8, 0xff],
  '.jpeg': [0xff, 0xd8, 0xff],
  '.doc': [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1],
  '.xls': [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1],
  '.docx': [0x50, 0x4b, 0x03, 0x04],
  '.xlsx': [0x50, 0x4b, 0x03, 0x04],
};

export const FILE_TYPE_MESSAGE = `The file must be a file of type: ${GROUP_DOCUMENT_EXTENSIONS.map((e) => e.slice(1)).join(', ')}.`;

/**
 * The accepted extension of a staged file, checked by its name and by its first bytes (a renamed program or
 * script is refused); throws the 422 of the file field otherwise.
 */
export async function acceptedExtension(file: StagedFile): Promise<string> {
  const extension = extname(file.originalname).toLowerCase() as keyof typeof SIGNATURES;
  const signature = SIGNATURES[extension];
  if (!signature) throw ValidationException.forField('file', FILE_TYPE_MESSAGE);
  if (!(await fileStartsWith(file.path, signature))) {
    throw ValidationException.forField('file', `The file content does not match its ${extension} type.`);
  }
  return extension;
}

/** What a group document row keeps of an accepted file. */
export interface StoredGroupFile {
  filePath: string;
  originalFilename: string;
  mimeType: string;
  /** Where the file now is; remove it again when the row cannot be saved. */
  absolute: string;
}

/**
 * Checks a staged group document (type and content) and moves it under groups/{groupId}/documents/: one rule for
 * the company admin's and the super admin's uploads.
 */
export async function storeGroupDocumentFile(
  storageDir: string,
  groupId: number,
  file: StagedFile,
): Promise<StoredGroupFile> {
  const extension = await acceptedExtension(file);
  const filePath = groupDocumentPath(groupId, extension);
  const absolute = await placeStagedFile(storageDir, file, filePath);
  const originalFilename = displayName(file.originalname);
  return { filePath, originalFilename, mimeType: contentTypeOf(originalFilename).slice(0, 100), absolute };
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

export interface GroupDocumentDownload {
  stream: ReadStream;
  fileName: string;
  size: number;
  mimeType: string;
}

/**
 * The stored file of a group document for download, or null when there is none to send (no row, a link, or a
 * file missing from storage): the company admin's and the super admin's download alike.
 */
export async function groupDocumentDownload(
  storageDir: string,
  doc: GroupDocument | null,
): Promise<GroupDocumentDownload | null> {
  const path = doc?.filePath ? storedFilePath(storageDir, doc.filePath) : null;
  const size = path
    ? await stat(path).then(
        (info) => (info.isFile() ? info.size : null),
        () => null,
      )
    : null;
  if (!doc || !path || size === null) return null;
  const fileName = doc.originalFilename ?? doc.name;
  return { stream: createReadStream(path), fileName, size, mimeType: doc.mimeType ?? contentTypeOf(fileName) };
}

/** Deletes a group document and then its file. */
export async function deleteGroupDocument(em: EntityManager, storageDir: string, doc: GroupDocument): Promise<void> {
  const path = doc.filePath ? storedFilePath(storageDir, doc.filePath) : null;
  em.remove(doc);
  await em.flush();
  // The row is gone first: a file left behind by a failed unlink is unreachable, never a dangling row.
  if (path) await unlink(path).catch(() => undefined);
}
