import { ConflictException, ForbiddenException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { CaseAttachmentShape } from '@casebridge/contracts';
import { CaseAttachment, FILE_TYPES, OCTET_STREAM, UPLOAD_KINDS } from '@casebridge/db';
import { type ServerConfig, type FileStorage } from '@casebridge/server-core';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Actor } from '../platform/access/actor';
import { type StagedFile } from '../platform/common/staged-files';
import { openStoredFile, type StoredFileDownload } from '../platform/common/stored-files';
import { SERVER_CONFIG } from '../platform/config/config.module';
import { CaseAccessService, type CaseWriteOptions } from './case-access.service';
import { CaseFiles } from './case-files';
import { toCaseAttachment } from './case.mappers';
import { caseControls } from '@casebridge/contracts';
import { FILE_STORAGE } from '../platform/storage/storage.module';

// What multer staged; the type the browser declared (multer's `mimetype`) is deliberately never read.
export type { StagedFile } from '../platform/common/staged-files';

/** An attachment as the integration API lists it: who added it and the type recorded from its content. */
export interface CaseFile {
  id: number;
  fileName: string;
  sizeBytes: number;
  contentType: string;
  description: string | null;
  company: { id: number; name: string } | null;
  userName: string | null;
  createdAt: Date;
}

/**
 * Case attachments are kept by Casebridge itself (STORAGE_DIR/cases/{caseId}/); when an external collaboration
 * service is configured they are also marked for the worker to forward. Either company of the case may add and
 * download them while the case's controls are visible.
 */
@Injectable()
export class CaseAttachmentsService {
  constructor(
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly em: EntityManager,
    private readonly access: CaseAccessService,
    private readonly files: CaseFiles,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async upload(
    actor: Actor,
    token: string,
    files: StagedFile[],
    description: string | null,
  ): Promise<{ attachments: CaseAttachmentShape[] }> {
    const attachments = await this.store(actor, token, files, description);
    return { attachments: attachments.map(toCaseAttachment) };
  }

  /** The integration API's upload: the same rules, If-Match honoured; answers the files as `list` shows them. */
  async add(
    actor: Actor,
    token: string,
    files: StagedFile[],
    description: string | null,
    options: CaseWriteOptions,
  ): Promise<CaseFile[]> {
    return (await this.store(actor, token, files, description, options)).map(toCaseFile);
  }

  /** Every file of the case, oldest first: the case page lists them all to both companies. */
  async list(actor: Actor, token: string): Promise<CaseFile[]> {
    const { kase } = await this.access.forMember(actor, token);
    const attachments = await this.em.find(
      CaseAttachment,
      { case: kase },
      { populate: ['user', 'company'], orderBy: { id: 'asc' } },
    );
    return attachments.map(toCaseFile);
  }

  /**
   * Checks the case and the files and moves them under the case, in one transaction with the log entry. Access
   * first (404, 403), then the version (If-Match, 412), then the status (409), then the files (422).
   */
  private async store(
    actor: Actor,
    token: string,
    files: StagedFile[],
    description: string | null,
    options: CaseWriteOptions = {},
  ): Promise<CaseAttachment[]> {
    return this.files.transaction(async (moved) => {
      const member = await this.access.forMember(actor, token, { forUpdate: true });
      if (member.side === 'none') throw new ForbiddenException('Only the two companies of a case may add files.');
      await this.access.requireEventSeq(member.kase, options);
      if (!caseControls(member.kase.status, member.side, true).can_upload) {
        throw new ConflictException('Files can be added while the case is accepted or waiting for information.');
      }
      return this.files.attach(
        member.kase,
        { user: member.viewer, company: member.company, label: member.viewer.fullName },
        files,
        description,
        moved,
      );
    });
  }

  /**
   * Attachments are opaque files: served with the type their content proves among the safe ones (PDF, images,
   * Office, ZIP), anything else as application/octet-stream, and always as a download (the controller).
   */
  async download(actor: Actor, token: string, attachmentId: number): Promise<StoredFileDownload> {
    const { kase } = await this.access.forMember(actor, token);
    const attachment = await this.em.findOne(CaseAttachment, { id: attachmentId, case: kase });
    if (!attachment) throw new NotFoundException('Attachment not found.');
    const file = await openStoredFile(
      this.storage,
      attachment.storagePath,
      attachment.originalFilename,
      'case_attachment',
    );
    if (!file) throw new NotFoundException('The file of this attachment is no longer available.');
    return file;
  }
}

/** The types an attachment may be listed as: those its download can be served as. */
const ATTACHMENT_TYPES: ReadonlySet<string> = new Set(
  UPLOAD_KINDS.case_attachment.map((name) => FILE_TYPES[name].mime),
);

function toCaseFile(attachment: CaseAttachment): CaseFile {
  // Uploads record the type their content proves; a row kept from before that rule may hold a declared one.
  const type = attachment.mimeType;
  return {
    id: attachment.id,
    fileName: attachment.originalFilename,
    sizeBytes: attachment.sizeBytes,
    contentType: type && ATTACHMENT_TYPES.has(type) ? type : OCTET_STREAM,
    description: attachment.description,
    company: attachment.company ? { id: attachment.company.id, name: attachment.company.name } : null,
    userName: attachment.user ? attachment.user.fullName : null,
    createdAt: attachment.createdAt,
  };
}
