import { Inject, Injectable } from '@nestjs/common';
import { CaseAttachment, servedContentType, type Case, type Company, type User } from '@casebridge/db';
import { type ServerConfig, type FileStorage } from '@casebridge/server-core';
import { EntityManager } from '@mikro-orm/postgresql';
import { ValidationException } from '../platform/common/errors';
import { removeStoredFiles, stagedHead, type StagedFile } from '../platform/common/staged-files';
import { SERVER_CONFIG } from '../platform/config/config.module';
import { CaseEventsService } from './case-events.service';
import { attachmentStoragePath, isExecutable } from './case-uploads';
import { FILE_STORAGE } from '../platform/storage/storage.module';

/** Who adds files: their company's side of the case and, when signed in, the user; the label names them in the log. */
export interface FileAuthor {
  user: User | null;
  company: Company | null;
  label: string;
}

/**
 * The one way files join a case, whichever door they came through (the case page, the submit form, the answer to
 * an information request, the integration API): types judged by content, executables refused, the files moved from
 * staging under cases/{caseId}/, their rows, and one `attachment_added` entry naming them, all in the caller's
 * transaction. Forwarding to an external collaboration service is the worker's job (rows left `pending`).
 */
@Injectable()
export class CaseFiles {
  constructor(
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly em: EntityManager,
    private readonly events: CaseEventsService,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  /**
   * Runs `work` in one transaction; the files `attach` moved under a case during it are removed again if it fails
   * (nothing half-written: no row without its file, no file without its row).
   */
  async transaction<T>(work: (moved: string[]) => Promise<T>): Promise<T> {
    const moved: string[] = [];
    try {
      return await this.em.transactional(() => work(moved));
    } catch (error) {
      await removeStoredFiles(this.storage, moved);
      throw error;
    }
  }

  /** Attaches the staged files to the case; `moved` collects where they went (see transaction). */
  async attach(
    kase: Case,
    author: FileAuthor,
    files: readonly StagedFile[],
    description: string | null,
    moved: string[],
  ): Promise<CaseAttachment[]> {
    await assertAcceptableFiles(files);
    const attachments: CaseAttachment[] = [];
    for (const file of files) {
      // The verified type, never the one the browser declared; downloads decide again from the content.
      const mimeType = servedContentType(await stagedHead(file), file.originalname, 'case_attachment');
      const storagePath = attachmentStoragePath(kase.id);
      await this.storage.moveIn(file.path, storagePath, mimeType);
      moved.push(storagePath);
      attachments.push(
        this.em.create(CaseAttachment, {
          case: kase,
          user: author.user,
          company: author.company,
          originalFilename: displayName(file.originalname),
          storagePath,
          sizeBytes: file.size,
          mimeType,
          description,
          // Forwarding to the external service is the worker's job; without one there is nothing to forward.
          uploadState: this.config.COLLAB_SERVICE_URL ? 'pending' : 'not_required',
        }),
      );
    }
    // Flushed first so the entry can name the rows (the live message carries them).
    await this.em.flush();
    await this.events.record(
      kase,
      'attachment_added',
      { user: author.user, label: author.label },
      {
        files: attachments.map((attachment) => attachment.originalFilename),
        attachment_ids: attachments.map((attachment) => attachment.id),
      },
    );
    return attachments;
  }
}

/** At least one file, none of them a program (422 on `files`, naming the file). */
export async function assertAcceptableFiles(files: readonly StagedFile[]): Promise<void> {
  if (files.length === 0) throw ValidationException.forField('files', 'Please choose at least one file.');
  for (const file of files) {
    if (await isExecutable(file.originalname, file.path)) {
      throw ValidationException.forField(
        'files',
        `Executable files are not allowed (${displayName(file.originalname)}).`,
      );
    }
  }
}

/**
 * The file's name as the user saw it: multer hands multipart names over as latin1, so UTF-8 names are re-decoded;
 * path parts are dropped and the name is cut to the column's 255 characters.
 */
export function displayName(name: string): string {
  const utf8 = Buffer.from(name, 'latin1').toString('utf8');
  const decoded = utf8.includes('\uFFFD') ? name : utf8;
  const base = decoded.split(/[\\/]/).pop() || 'file';
  return base.length > 255 ? base.slice(base.length - 255) : base;
}
