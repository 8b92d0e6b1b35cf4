import { CASE_ATTACHMENT_FILES } from '@casebridge/contracts';
import type { ServerConfig } from '@casebridge/server-core';
import { randomBytes } from 'node:crypto';
import { open } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { FilesUpload, type UploadOptions } from '../platform/common/multipart';
import { StagedUploadCleanup, stagingUploadOptions } from '../platform/common/staged-files';

/** At most this many files per upload. */
export const MAX_FILES_PER_UPLOAD = CASE_ATTACHMENT_FILES.maxCount;

/** Uploads land here first; the service moves them under cases/{caseId}/ once the case and the files are checked. */
export function stagingDir(config: ServerConfig): string {
  return resolve(config.STORAGE_DIR, 'cases', 'incoming');
}

/** multer for case attachments: staged on disk under random names, limited in size (413) and count. */
export function caseUploadOptions(config: ServerConfig): UploadOptions {
  return stagingUploadOptions(stagingDir(config), config, { files: MAX_FILES_PER_UPLOAD, fields: 10 });
}

/**
 * Wraps the upload interceptor: whatever fails after files have landed (validation, access, a database error),
 * the staged files are removed, and multer's count errors become the api's 422.
 */
export const UploadCleanupInterceptor = StagedUploadCleanup(
  CASE_ATTACHMENT_FILES.name,
  `You may upload at most ${MAX_FILES_PER_UPLOAD} files at once.`,
);

/**
 * How a route takes attachment files, in order: the cleanup wraps multer, so staged files go whenever the request
 * fails after they landed. multer reads the options CasesModule provides (and exports with it).
 */
export const CaseAttachmentUploads = [
  UploadCleanupInterceptor,
  FilesUpload(CASE_ATTACHMENT_FILES.name, MAX_FILES_PER_UPLOAD),
];

/** Extensions of programs and scripts that run when opened. */
const EXECUTABLE_EXTENSIONS = new Set([
  '.exe', '.com', '.bat', '.cmd', '.msi', '.msp', '.scr', '.pif', '.cpl', '.dll', '.sys', '.ps1', '.psm1', '.vbs',
  '.vbe', '.js', '.jse', '.wsf', '.wsh', '.hta', '.jar', '.sh', '.bash', '.csh', '.ksh', '.app', '.apk', '.elf',
  '.bin', '.run', '.command', '.gadget', '.lnk', '.reg', '.scf', '.inf',
]); // prettier-ignore

/** Magic numbers of executables: Windows PE (MZ), ELF, Mach-O (32/64 bit, both byte orders, fat), scripts (#!). */
const EXECUTABLE_SIGNATURES: readonly number[][] = [
  [0x4d, 0x5a],
  [0x7f, 0x45, 0x4c, 0x46],
  [0xfe, 0xed, 0xfa, 0xce],
  [0xfe, 0xed, 0xfa, 0xcf],
  [0xce, 0xfa, 0xed, 0xfe],
  [0xcf, 0xfa, 0xed, 0xfe],
  [0xca, 0xfe, 0xba, 0xbe],
  [0x23, 0x21],
];

/** True for a file that is a program by its name or by its first bytes. */
export async function isExecutable(originalName: string, path: string): Promise<boolean> {
  if (EXECUTABLE_EXTENSIONS.has(extname(originalName).toLowerCase())) return true;
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(4);
    const { bytesRead } = await handle.read(head, 0, 4, 0);
    return EXECUTABLE_SIGNATURES.some(
      (signature) => bytesRead >= signature.length && signature.every((byte, index) => head[index] === byte),
    );
  } finally {
    await handle.close();
  }
}

/** Where an attachment of a case is stored: its storage key. */
export function attachmentStoragePath(caseId: number): string {
  return join('cases', String(caseId), randomBytes(16).toString('hex'));
}
