import {
  BadRequestException,
  Inject,
  Injectable,
  mixin,
  Module,
  PayloadTooLargeException,
  type CallHandler,
  type DynamicModule,
  type ExecutionContext,
  type NestInterceptor,
  type Type,
} from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import multer, { type Field, type Options as UploadOptions } from 'multer';
import type { Observable } from 'rxjs';

/**
 * Multipart uploads on Fastify through multer: Fastify leaves multipart bodies unread (see http-server.ts), and
 * these interceptors let multer stream them from the raw request, as Nest's Express interceptors did. multer
 * stages files on disk under random names with its own size and count limits; the form's cleanup interceptor
 * (staged-files.ts) removes them whenever the request fails later.
 */

export type { UploadOptions };

/** The module's multer options, as MulterModule provided them for Express. */
export const UPLOAD_OPTIONS = Symbol('UPLOAD_OPTIONS');

/** At most this many parts (fields and files) per request, as @fastify/multipart and body-parser default to. */
export const MAX_MULTIPART_PARTS = 1000;

interface UploadOptionsFactory {
  inject: unknown[];
  useFactory: (...deps: never[]) => UploadOptions;
}

/** Provides the upload options of a feature module (its staging folder and limits) to its upload interceptors. */
@Module({})
export class UploadsModule {
  static registerAsync({ inject, useFactory }: UploadOptionsFactory): DynamicModule {
    return {
      module: UploadsModule,
      providers: [{ provide: UPLOAD_OPTIONS, inject: inject as never[], useFactory }],
      exports: [UPLOAD_OPTIONS],
    };
  }
}

type Multer = ReturnType<typeof multer>;
type MulterHandler = ReturnType<Multer['single']>;
type MulterStep = (upload: Multer) => MulterHandler;

/** multer's errors carry a code; a size limit is the client's 413, every other complaint a 400 the forms map. */
function uploadError(error: unknown): unknown {
  if (typeof error !== 'object' || error === null) return error;
  const { code, message, name } = error as { code?: unknown; message?: unknown; name?: unknown };
  if (code === 'LIMIT_FILE_SIZE') return new PayloadTooLargeException(String(message));
  if (name === 'MulterError') return new BadRequestException(String(message));
  // busboy's complaints about a malformed body (no boundary, truncated form): the client's fault.
  if (typeof message === 'string' && /multipart|boundary|unexpected end of form|malformed/i.test(message)) {
    return new BadRequestException(message);
  }
  return error;
}

/** Runs one multer step over the raw request; what it parsed (files, text fields) lands on Fastify's request. */
async function parseMultipart(step: MulterHandler, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const raw = request.raw as FastifyRequest['raw'] & { body?: unknown; file?: unknown; files?: unknown };
  // Other bodies were parsed by Fastify already; multer would leave them alone but report no body.
  if (!/^multipart\/form-data/i.test(request.headers['content-type'] ?? '')) return;
  await new Promise<void>((resolve, reject) =>
    step(raw as never, reply.raw as never, (error?: unknown) => (error ? reject(uploadError(error)) : resolve())),
  );
  const target = request as FastifyRequest & { file?: unknown; files?: unknown };
  target.body = raw.body;
  target.file = raw.file;
  target.files = raw.files;
}

function uploadInterceptor(step: MulterStep): Type<NestInterceptor> {
  @Injectable()
  class UploadInterceptor implements NestInterceptor {
    private readonly handler: MulterHandler;

    constructor(@Inject(UPLOAD_OPTIONS) options: UploadOptions) {
      this.handler = step(multer({ ...options, limits: { parts: MAX_MULTIPART_PARTS, ...options.limits } }));
    }

    async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
      const http = context.switchToHttp();
      await parseMultipart(this.handler, http.getRequest<FastifyRequest>(), http.getResponse<FastifyReply>());
      return next.handle();
    }
  }
  return mixin(UploadInterceptor);
}

/** One file in `field` (`@UploadedFile()`). */
export const FileUpload = (field: string) => uploadInterceptor((upload) => upload.single(field));

/** Up to `maxCount` files in `field` (`@UploadedFiles()` as a list). */
export const FilesUpload = (field: string, maxCount: number) =>
  uploadInterceptor((upload) => upload.array(field, maxCount));

/** Files by field (`@UploadedFiles()` as lists by field name). */
export const FileFieldsUpload = (fields: readonly Field[]) => uploadInterceptor((upload) => upload.fields([...fields]));
