import {
  BadRequestException,
  Injectable,
  mixin,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
  type Type,
} from '@nestjs/common';
import { extensionOf, FILE_TYPES, identifyFile, isActiveContent, SNIFF_BYTES, type UploadKind } from '@casebridge/db';
import { type FileStorage, type ServerConfig } from '@casebridge/server-core';
import type { FastifyRequest } from 'fastify';
import { diskStorage, type StorageEngine } from 'multer';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { open, unlink } from 'node:fs/promises';
import { Transform } from 'node:stream';
import { catchError, type Observable } from 'rxjs';
import { ValidationException } from './errors';
import type { UploadOptions } from './multipart';

/**
 * Multipart uploads are staged on disk by multer under a random name, checked by name and content, then moved to
 * their stored place; a failed request leaves nothing behind. One set of helpers for every upload form.
 */

/** A file as multer staged it. */
export interface StagedFile {
  path: string;
  originalname: string;
  size: number;
  /** The multipart part it came in. */
  fieldname?: string;
  /** The hex sha256 of its bytes, taken as they streamed to disk (stagingUploadOptions). */
  sha256?: string;
}

/** multer options: files staged in `destination` under random names, each limited to the configured size (413). */
export function stagingUploadOptions(
  destination: string,
  config: ServerConfig,
  limits: { files: number; fields: number },
): UploadOptions {
  mkdirSync(destination, { recursive: true });
  return {
    storage: hashingStorage(
      diskStorage({
        destination,
        filename: (_request, _file, done) => done(null, randomBytes(16).toString('hex')),
      }),
    ),
    limits: { fileSize: config.UPLOAD_LIMIT_BYTES, fieldSize: 64 * 1024, ...limits },
  };
}

/**
 * multer's disk storage that also takes each file's sha256 as its bytes stream through to disk, so an idempotent
 * upload's fingerprint names its files by content without reading them a second time (idempotency.interceptor.ts).
 */
function hashingStorage(disk: StorageEngine): StorageEngine {
  return {
    _handleFile(request, file, callback) {
      const hash = createHash('sha256');
      const hashed = new Transform({
        transform(chunk: Buffer, _encoding, next) {
          hash.update(chunk);
          next(null, chunk);
        },
      });
      const source = file.stream;
      // A failing part (an aborted request) fails the write behind it; busboy's size limit ends the part cleanly.
      source.once('error', (error) => hashed.destroy(error));
      Object.defineProperty(file, 'stream', { configurable: true, enumerable: false, value: source.pipe(hashed) });
      disk._handleFile(request, file, (error?: unknown, info?: Partial<Express.Multer.File>) => {
        if (error) return callback(error);
        callback(null, { ...info, sha256: hash.digest('hex') } as Partial<Express.Multer.File>);
      });
    },
    _removeFile: (request, file, callback) => disk._removeFile(request, file, callback),
  };
}

/** Every staged file of a request: a single file, a list, or lists by field. */
export function stagedFilesOf(request: FastifyRequest & { file?: StagedFile; files?: unknown }): StagedFile[] {
  const files = request.files as Record<string, StagedFile[]> | StagedFile[] | undefined;
  const list = Array.isArray(files) ? files : Object.values(files ?? {}).flat();
  return request.file ? [...list, request.file] : list;
}

/** Deletes files, ignoring those already gone (moved or never written). */
export async function removeFiles(paths: readonly string[]): Promise<void> {
  await Promise.all(paths.map((path) => unlink(path).catch(() => undefined)));
}

export async function removeStaged(files: readonly StagedFile[]): Promise<void> {
  await removeFiles(files.map((file) => file.path));
}

/**
 * An interceptor that removes the staged files of a failed request and turns multer's field errors (too many
 * files, an unknown field) into the api's 422 on `field`. Put it before multer's interceptor, so it wraps it.
 */
export function StagedUploadCleanup(field: string, message: string): Type<NestInterceptor> {
  @Injectable()
  class StagedUploadCleanupInterceptor implements NestInterceptor {
    intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
      const request = context.switchToHttp().getRequest<FastifyRequest>();
      return next.handle().pipe(
        catchError(async (error: unknown) => {
          await removeStaged(stagedFilesOf(request));
          if (error instanceof BadRequestException && /file|field/i.test(error.message)) {
            throw ValidationException.forField(field, message);
          }
          throw error;
        }),
      );
    }
  }
  return mixin(StagedUploadCleanupInterceptor);
}

/** The first bytes of a staged file: as many as the type decisions read (libs/db file-types). */
export async function stagedHead(file: StagedFile): Promise<Buffer> {
  const handle = await open(file.path, 'r');
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

export const activeContentMessage = (noun: string) =>
  `The ${noun} cannot be an HTML, SVG or XML file: such files could run code in a browser.`;

/** What an upload form takes in one file field. */
export interface UploadRule {
  field: string;
  /** How the messages name the file ("logo", "file"). */
  noun: string;
  /** The allow-list its content is identified against, and later served from. */
  kind: UploadKind;
  /** The names the form takes: a subset of the kind's types. */
  extensions: readonly string[];
  /** One message for a wrong name or content, when the form has its own wording. */
  refusal?: string;
}

/**
 * The accepted extension and verified type of an upload, checked by name and content. Active content (HTML, SVG,
 * XML by name or by content) is refused first, then the name must have one of the form's extensions and the
 * content must prove that type (a renamed program or page is refused). Throws the 422 of the rule's field.
 */
export async function acceptedUpload(
  file: StagedFile,
  { field, noun, kind, extensions, refusal }: UploadRule,
): Promise<{ extension: string; contentType: string }> {
  const head = await stagedHead(file);
  if (isActiveContent(head, file.originalname)) throw ValidationException.forField(field, activeContentMessage(noun));
  const extension = extensionOf(file.originalname);
  if (!extensions.includes(extension)) {
    throw ValidationException.forField(
      field,
      refusal ?? `The ${noun} must be a file of type: ${extensions.map((e) => e.slice(1)).join(', ')}.`,
    );
  }
  const type = identifyFile(head, file.originalname, kind);
  if (!type || !(FILE_TYPES[type].extensions as readonly string[]).includes(extension)) {
    throw ValidationException.forField(field, refusal ?? `The ${noun} content does not match its ${extension} type.`);
  }
  return { extension, contentType: FILE_TYPES[type].mime };
}

/** Moves a staged file into storage under `stored` (its key). */
export async function placeStagedFile(storage: FileStorage, file: StagedFile, stored: string): Promise<void> {
  await storage.moveIn(file.path, stored);
}

/** Removes stored files by key (none, or one outside storage, is skipped). */
export async function removeStoredFiles(storage: FileStorage, paths: readonly (string | null)[]): Promise<void> {
  await Promise.all(paths.map((stored) => (stored ? storage.remove(stored) : undefined)));
}

/** The files one save moved from staging into storage, so a failed save can remove them again. */
export class PlacedFiles {
  private readonly stored: string[] = [];

  constructor(private readonly storage: FileStorage) {}

  /** Moves a staged file into storage under `stored` and answers that key. */
  async place(file: StagedFile, stored: string): Promise<string> {
    await placeStagedFile(this.storage, file, stored);
    this.stored.push(stored);
    return stored;
  }

  removeAll(): Promise<void> {
    return removeStoredFiles(this.storage, this.stored);
  }
}
