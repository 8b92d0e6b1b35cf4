import {
  ConflictException,
  ForbiddenException,
  GoneException,
  Inject,
  Injectable,
  NotFoundException,
  ServiceUnavailableException,
} from '@nestjs/common';
import {
  EXPORT_LINK_SECONDS,
  EXPORT_PARAMS,
  rooms,
  SERVER_EVENTS,
  type ExportAnswer,
  type ExportKind,
  type ExportLinkAnswer,
  type ExportShape,
  type ExportStatusMessage,
} from '@casebridge/contracts';
import { ExportJob } from '@casebridge/db';
import { type ServerConfig, type FileStorage } from '@casebridge/server-core';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Readable } from 'node:stream';
import type { Actor } from '../access/actor';
import { ValidationException, zodIssuesToFieldErrors } from '../common/errors';
import { SERVER_CONFIG } from '../config/config.module';
import { RealtimePublisher } from '../realtime/realtime.publisher';
import { ExportPolicyRegistry } from './export-policy.registry';
import { EXPORT_LINK_INVALID, exportFileLink, isValidExportLink, XLSX_TYPE } from './export-links';
import { ExportsProducer } from './exports.producer';
import { FILE_STORAGE } from '../storage/storage.module';

export const EXPORT_NOT_FOUND = 'Export not found.';
export const EXPORT_NOT_READY = 'The export is not ready yet. Please wait for it to finish.';
export const EXPORT_EXPIRED = 'This export has expired and its file was deleted. Please export again.';

export interface ExportDownload {
  stream: Readable;
  fileName: string;
  size: number;
}

/**
 * Exports of every kind: create (check who may ask, store, enqueue for the worker), report the state, hand out
 * the file. An export belongs to the user who asked for it: nobody else sees it (404), not even their admins.
 */
@Injectable()
export class ExportsService {
  constructor(
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly em: EntityManager,
    private readonly producer: ExportsProducer,
    private readonly publisher: RealtimePublisher,
    private readonly policies: ExportPolicyRegistry,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  /** `rawParams` are checked with the kind's schema; 422 errors are keyed params.<field>. */
  async create(actor: Actor, kind: ExportKind, rawParams: unknown): Promise<ExportAnswer> {
    const parsed = EXPORT_PARAMS[kind].safeParse(rawParams);
    if (!parsed.success) throw new ValidationException(prefixed('params', zodIssuesToFieldErrors(parsed.error)));
    const params = parsed.data;
    const stored = await this.policies.of(kind).authorize(params as never, actor);

    const twin = await this.pendingTwin(actor.userId, kind, stored);
    if (twin) return this.answerTwin(twin);
    const job = this.em.create(ExportJob, { user: actor.userId, kind, params: stored });
    try {
      await this.em.flush();
    } catch (error) {
      // The same export asked twice at once: the index export_jobs_pending_unique let one insert through.
      if (!(error instanceof UniqueConstraintViolationException)) throw error;
      this.em.clear();
      const winner = await this.pendingTwin(actor.userId, kind, stored);
      if (!winner) throw error;
      return this.answerTwin(winner);
    }
    try {
      await this.producer.enqueue(job.id);
    } catch {
      job.status = 'failed';
      job.error = 'The export could not be queued.';
      await this.em.flush();
      throw new ServiceUnavailableException('The export could not be started. Please try again shortly.');
    }
    this.publisher.emit(rooms.user(actor.userId), SERVER_EVENTS.exportStatus, toStatusMessage(job));
    return { export: toExportShape(job) };
  }

  /**
   * The user's export of the same kind and params that is still queued or building, if any: asking again (a
   * double click, a second tab, an impatient retry) answers that one instead of building the same file twice.
   */
  private async pendingTwin(userId: number, kind: ExportKind, params: Record<string, unknown>) {
    const [row] = await this.em.execute<{ id: number }[]>(
      `select id from export_jobs
        where user_id = ? and kind = ? and status in ('queued', 'building')
          and md5(coalesce(params, '{}')::text) = md5(?::jsonb::text)
        limit 1`,
      [userId, kind, JSON.stringify(params)],
    );
    return row ? this.em.findOne(ExportJob, row.id) : null;
  }

  /**
   * Queues the twin's build again: a no-op while its job is still in the queue (same job id), and the way back
   * for a row whose job Redis lost, which would otherwise block this export for good.
   */
  private async answerTwin(twin: ExportJob): Promise<ExportAnswer> {
    await this.producer.enqueue(twin.id).catch(() => undefined);
    return { export: toExportShape(twin) };
  }

  async status(actor: Actor, id: number): Promise<ExportAnswer> {
    return { export: toExportShape(await this.own(actor, id)) };
  }

  async download(actor: Actor, id: number): Promise<ExportDownload> {
    return this.fileOf(await this.own(actor, id));
  }

  /** A short-lived link to the ready file: the bucket's own signed link, or one the api serves (exportFileLink). */
  async link(actor: Actor, id: number): Promise<ExportLinkAnswer> {
    const job = await this.own(actor, id);
    const { key, fileName } = this.readyFile(job);
    const local = exportFileLink(this.config.JWT_SECRET, job.id);
    const direct = await this.storage.signedDownloadUrl(key, {
      fileName,
      contentType: XLSX_TYPE,
      expiresInSeconds: EXPORT_LINK_SECONDS,
    });
    return { url: direct ?? local.url, expires_at: local.expiresAt.toISOString() };
  }

  /** The file behind a link the api signed (403 once it expired or when it was not the api's). */
  async fileByLink(id: number, link: { expires: number; signature: string }): Promise<ExportDownload> {
    if (!isValidExportLink(this.config.JWT_SECRET, id, link)) throw new ForbiddenException(EXPORT_LINK_INVALID);
    const job = await this.em.findOne(ExportJob, id);
    if (!job) throw new NotFoundException(EXPORT_NOT_FOUND);
    return this.fileOf(job);
  }

  /** The stored key and name of a ready export: 410 once expired, 409 while building or after it failed. */
  private readyFile(job: ExportJob): { key: string; fileName: string } {
    const expired = job.status === 'expired' || (job.expiresAt !== null && job.expiresAt.getTime() <= Date.now());
    if (expired) throw new GoneException(EXPORT_EXPIRED);
    if (job.status === 'failed') throw new ConflictException(`The export failed: ${job.error ?? 'unknown error'}.`);
    if (job.status !== 'ready' || !job.filePath || !job.fileName) throw new ConflictException(EXPORT_NOT_READY);
    return { key: job.filePath, fileName: job.fileName };
  }

  private async fileOf(job: ExportJob): Promise<ExportDownload> {
    const { key, fileName } = this.readyFile(job);
    const file = await this.storage.open(key);
    // Deleted by hand or by a cleanup that has not updated the row yet: as good as expired.
    if (!file) throw new GoneException(EXPORT_EXPIRED);
    return { stream: file.stream, fileName, size: file.size };
  }

  private async own(actor: Actor, id: number): Promise<ExportJob> {
    const job = await this.em.findOne(ExportJob, { id, user: actor.userId });
    if (!job) throw new NotFoundException(EXPORT_NOT_FOUND);
    return job;
  }
}

function prefixed(prefix: string, errors: Record<string, string[]>): Record<string, string[]> {
  return Object.fromEntries(Object.entries(errors).map(([field, messages]) => [`${prefix}.${field}`, messages]));
}

export function toExportShape(job: ExportJob): ExportShape {
  return {
    id: job.id,
    kind: job.kind,
    status: job.status,
    file_name: job.fileName,
    rows: job.rowCount,
    error: job.error,
    created_at: job.createdAt.toISOString(),
    expires_at: job.expiresAt?.toISOString() ?? null,
  };
}

export function toStatusMessage(job: ExportJob): ExportStatusMessage {
  return { export_id: job.id, status: job.status, file_name: job.fileName, rows: job.rowCount, error: job.error };
}
