import {
  BadRequestException,
  Injectable,
  mixin,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
  type Type,
} from '@nestjs/common';
import type { MulterModuleOptions } from '@nestjs/platform-express';
import type { ServerConfig } from '@casebridge/db';
import type { Request } from 'express';
import { diskStorage } from 'multer';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { mkdir, open, rename, unlink } from 'node:fs/promises';
import { dirname, extname } from 'node:path';
import { catchError, type Observable } from 'rxjs';
import { ValidationException } from './errors';
import { storedFilePath } from './stored-files';

/**
 * Multipart uploads are staged on disk by multer under a random name, checked by name and content, then moved to
 * their stored place; a failed request leaves nothing behind. One set of helpers for every upload form.
 */

/** A file as multer staged it. */
export interface StagedFile {
  path: string;
  originalname: string;
  size: number;
}

/** multer options: files staged in `destination` under random names, each limited to the configured size (413). */
export function stagingUploadOptions(
  destination: string,
  config: ServerConfig,
  limits: { files: number; fields: number },
): MulterModuleOptions {
  mkdirSync(destination, { recursive: true });
  return {
    storage: diskStorage({
      destination,
      filename: (_request, _file, done) => done(null, randomBytes(16).toString('hex')),
    }),
    limits: { fileSize: config.UPLOAD_LIMIT_BYTES, fieldSize: 64 * 1024, ...limits },
  };
}

/** Every staged file of a request: a single file, a list, or lists by field. */
export function stagedFilesOf(request: Request): StagedFile[] {
  const files = request.files as Record<string, StagedFile[]> | StagedFile[] | undefined;
  const list = Array.isArray(files) ? files : Object.values(files ?? {}).flat();
  return request.file ? [...list, request.file as StagedFile] : list;
}

export async function removeStaged(files: readonly StagedFile[]): Promise<void> {
  await Promise.all(files.map((file) => unlink(file.path).catch(() => undefined)));
}

/**
 * An interceptor that removes the staged files of a failed request and turns multer's field errors (too many
 * files, an unknown field) into the api's 422 on `field`. Put it before multer's interceptor, so it wraps it.
 */
export function StagedUploadCleanup(field: string, message: string): Type<NestInterceptor> {
  @Injectable()
  class StagedUploadCleanupInterceptor implements NestInterceptor {
    intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
      const request = context.switchToHttp().getRequest<Request>();
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

async function readHead(path: string, length: number): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Whether a file's first bytes are `signature`. */
export async function fileStartsWith(path: string, signature: readonly number[]): Promise<boolean> {
  const head = await readHead(path, signature.length);
  return head.length === signature.length && signature.every((byte, index) => head[index] === byte);
}

/** The start of a text file without a UTF-8 byte order mark and leading white space. */
export async function fileTextStart(path: string): Promise<string> {
  return (await readHead(path, 1024))
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
}

/** The first bytes of the raster image types an image upload accepts. */
export const IMAGE_SIGNATURES: Record<string, readonly number[]> = {
  '.png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  '.jpg': [0xff, 0xd8, 0xff],
  '.jpeg': [0xff, 0xd8, 0xff],
  '.gif': [0x47, 0x49, 0x46, 0x38],
};

const SVG_START = /^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE[^>]*>\s*)?<svg[\s>]/i;

/**
 * The extension of an acceptable image (a logo, a banner), checked by name and content (a renamed program is
 * refused): PNG, JPEG and GIF by their magic numbers, SVG by its markup. Such images are served under a CSP that
 * runs nothing, SVG included. Throws the 422 of `field` otherwise, naming the image as `noun`.
 */
export async function imageExtension(
  file: StagedFile,
  { field, noun, extensions }: { field: string; noun: string; extensions: readonly string[] },
): Promise<string> {
  const extension = extname(file.originalname).toLowerCase();
  if (!extensions.includes(extension)) {
    throw ValidationException.forField(
      field,
      `The ${noun} must be a file of type: ${extensions.map((e) => e.slice(1)).join(', ')}.`,
    );
  }
  const signature = IMAGE_SIGNATURES[extension];
  const matches =
    extension === '.svg'
      ? SVG_START.test(await fileTextStart(file.path))
      : signature !== undefined && (await fileStartsWith(file.path, signature));
  if (!matches) {
    throw ValidationException.forField(field, `The ${noun} content does not match its ${extension} type.`);
  }
  return extension;
}

/** Moves a staged file to `stored` (relative to STORAGE_DIR); answers its absolute path. */
export async function placeStagedFile(storageDir: string, file: StagedFile, stored: string): Promise<string> {
  const absolute = storedFilePath(storageDir, stored)!;
  await mkdir(dirname(absolute), { recursive: true });
  await rename(file.path, absolute);
  return absolute;
}

/** Removes stored files (paths relative to STORAGE_DIR; none, or one outside it, is skipped). */
export async function removeStoredFiles(storageDir: string, paths: readonly (string | null)[]): Promise<void> {
  for (const stored of paths) {
    const absolute = stored ? storedFilePath(storageDir, stored) : null;
    if (absolute) await unlink(absolute).catch(() => undefined);
  }
}

/** The files one save moved from staging into storage, so a failed save can remove them again. */
export class PlacedFiles {
  private readonly stored: string[] = [];

  constructor(private readonly storageDir: string) {}

  /** Moves a staged file to `stored` (relative to STORAGE_DIR) and answers that path. */
  async place(file: StagedFile, stored: string): Promise<string> {
    await placeStagedFile(this.storageDir, file, stored);
    this.stored.push(stored);
    return stored;
  }

  removeAll(): Promise<void> {
    return removeStoredFiles(this.storageDir, this.stored);
  }
}
