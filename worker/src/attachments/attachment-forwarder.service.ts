import { appendCaseEvent, CaseAttachment, servedContentType, SNIFF_BYTES } from '@casebridge/db';
import { type FileStorage, ServerConfig } from '@casebridge/server-core';
import { CreateRequestContext, MikroORM } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import { FILE_STORAGE, SERVER_CONFIG } from '../config/tokens';
import { postOutbound, type OutboundResult } from '../notifications/outbound-http';

export class AttachmentUploadFailed extends Error {}

/** Who the case log says did what the worker did. */
const SYSTEM = { actorLabel: 'System' };

/**
 * Forwards a stored attachment to the external collaboration service:
 * POST {COLLAB_SERVICE_URL}/collaboration-requests/{case token}/attachments, multipart (description, files).
 * 200 or 201 marks it 'done' ('attachment_uploaded'); any other answer counts an attempt, leaves it 'uploading'
 * and throws so BullMQ retries with backoff; the last attempt marks it 'failed' ('attachment_failed').
 */
@Injectable()
export class AttachmentForwarderService {
  constructor(
    private readonly orm: MikroORM,
    private readonly em: EntityManager,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  @CreateRequestContext()
  async forward(attachmentId: number, finalAttempt: boolean): Promise<string> {
    const attachment = await this.em.findOne(CaseAttachment, attachmentId, { populate: ['case'] });
    // Removed with its case (retention) before its turn came.
    if (!attachment) return 'gone';
    if (attachment.uploadState === 'done') return 'already-uploaded';
    if (attachment.uploadState === 'not_required') return 'not-required';
    const base = this.config.COLLAB_SERVICE_URL.replace(/\/+$/, '');
    if (!base) throw new UnrecoverableError('COLLAB_SERVICE_URL is not configured; the attachment stays pending');

    // A key that could leave the storage reads as missing.
    const file = await this.storage.read(attachment.storagePath);
    if (!file) {
      // Retrying cannot bring the file back.
      await this.record(attachmentId, { ok: false, status: null, error: 'The stored file is missing' }, true);
      throw new UnrecoverableError(`Attachment ${attachmentId}: the stored file is missing`);
    }
    // The type the content proves, as the api serves it: rows may still hold the type the uploader declared.
    const type = servedContentType(file.subarray(0, SNIFF_BYTES), attachment.originalFilename, 'case_attachment');
    const form = new FormData();
    form.append('description', attachment.description ?? '');
    form.append('files', new Blob([new Uint8Array(file)], { type }), attachment.originalFilename);
    const url = `${base}/collaboration-requests/${encodeURIComponent(attachment.case.token)}/attachments`;
    const result = await postOutbound(url, { body: form }, (status) => status === 200 || status === 201);

    const outcome = await this.record(attachmentId, result, finalAttempt);
    if (!result.ok) throw new AttachmentUploadFailed(`Attachment ${attachmentId} to ${url}: ${result.error}`);
    return outcome;
  }

  /**
   * Counts the attempt and, when it settles the attachment, writes the case event in the same transaction (the
   * event's live messages go out after the commit: CaseEventRelay).
   */
  private async record(attachmentId: number, result: OutboundResult, finalAttempt: boolean): Promise<string> {
    await this.em.transactional(async (em) => {
      const attachment = await em.findOneOrFail(CaseAttachment, attachmentId);
      attachment.attempts += 1;
      const file = { attachment_id: attachment.id, file: attachment.originalFilename };
      if (result.ok) {
        attachment.uploadState = 'done';
        attachment.uploadedAt = new Date();
        attachment.lastError = null;
        await appendCaseEvent(em, {
          ...SYSTEM,
          caseId: attachment.case.id,
          type: 'attachment_uploaded',
          payload: file,
        });
        return;
      }
      attachment.lastError = result.error.slice(0, 2000);
      if (!finalAttempt) {
        attachment.uploadState = 'uploading';
        return;
      }
      attachment.uploadState = 'failed';
      const payload = { ...file, error: attachment.lastError };
      await appendCaseEvent(em, { ...SYSTEM, caseId: attachment.case.id, type: 'attachment_failed', payload });
    });
    return result.ok ? 'uploaded' : finalAttempt ? 'failed' : 'retrying';
  }
}
