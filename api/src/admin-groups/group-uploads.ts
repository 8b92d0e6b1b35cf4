import {
  BadRequestException,
  Injectable,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import type { MulterModuleOptions } from '@nestjs/platform-express';
import { GROUP_DOCUMENT_EXTENSIONS } from '@casebridge/contracts';
import type { ServerConfig } from '@casebridge/db';
import type { Request } from 'express';
import { diskStorage } from 'multer';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { open, unlink } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { catchError, type Observable } from 'rxjs';
import { ValidationException } from '../common/errors';

/** A file as multer staged it. */
export interface StagedFile {
  path: string;
  originalname: string;
  size: number;
}

/** Uploads land here first; the service moves an accepted file under groups/{groupId}/documents/. */
export function groupStagingDir(config: ServerConfig): string {
  return resolve(config.STORAGE_DIR, 'groups', 'incoming');
}

/** multer for group documents: one file, staged on disk under a random name, limited in size (413). */
export function groupUploadOptions(config: ServerConfig): MulterModuleOptions {
  const destination = groupStagingDir(config);
  mkdirSync(destination, { recursive: true });
  return {
    storage: diskStorage({
      destination,
      filename: (_request, _file, done) => done(null, randomBytes(16).toString('hex')),
    }),
    limits: { fileSize: config.UPLOAD_LIMIT_BYTES, files: 1, fields: 10, fieldSize: 64 * 1024 },
  };
}

/** Where an accepted group document is kept, relative to STORAGE_DIR. */
export function groupDocumentPath(groupId: number, extension: string): string {
  return join('groups', String(groupId), 'documents', `${randomBytes(16).toString('hex')}${extension}`);
}

/** Removes the staged file of a failed request, and turns multer's field errors into the api's 422. */
@Injectable()
export class GroupUploadCleanupInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<Request>();
    return next.handle().pipe(
      catchError(async (error: unknown) => {
        if (request.file) await unlink(request.file.path).catch(() => undefined);
        if (error instanceof BadRequestException && /file|field/i.test(error.message)) {
          throw ValidationException.forField('file', 'Please upload one file in the file field.');
        }
        throw error;
      }),
    );
  }
}

/** The first bytes each accepted extension must start with: PDF, PNG, JPEG, OLE2 (doc, xls), ZIP (docx, xlsx). */
const SIGNATURES: Record<(typeof GROUP_DOCUMENT_EXTENSIONS)[number], readonly number[]> = {
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
  const handle = await open(file.path, 'r');
  try {
    const head = Buffer.alloc(signature.length);
    const { bytesRead } = await handle.read(head, 0, signature.length, 0);
    const matches = bytesRead === signature.length && signature.every((byte, index) => head[index] === byte);
    if (!matches) throw ValidationException.forField('file', `The file content does not match its ${extension} type.`);
  } finally {
    await handle.close();
  }
  return extension;
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
