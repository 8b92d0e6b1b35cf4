import { Injectable } from '@nestjs/common';
import {
  API,
  endpointUrl,
  type CollaborationAttachment,
  type CollaborationAttachmentList,
} from '@casebridge/contracts';
import type { CaseWriteOptions } from '../../cases/case-access.service';
import { CaseAttachmentsService, type CaseFile } from '../../cases/case-attachments.service';
import type { Actor } from '../../platform/access/actor';
import type { StagedFile } from '../../platform/common/staged-files';
import type { StoredFileDownload } from '../../platform/common/stored-files';
import { companyOf } from './collaboration-requests.service';

/**
 * The files of a case through the integration API: the case page's service and rules (either company of the case;
 * uploads while it is accepted or waiting for information, within the upload limit, no programs), as a member of the
 * caller's company. An account of no company (a super admin) is refused: 403.
 */
@Injectable()
export class CollaborationAttachmentsService {
  constructor(private readonly attachments: CaseAttachmentsService) {}

  async list(actor: Actor, token: string): Promise<CollaborationAttachmentList> {
    companyOf(actor);
    const files = await this.attachments.list(actor, token);
    return { data: files.map((file) => toCollaborationAttachment(file, token)) };
  }

  async upload(
    actor: Actor,
    token: string,
    files: StagedFile[],
    description: string | null,
    options: CaseWriteOptions,
  ): Promise<CollaborationAttachmentList> {
    companyOf(actor);
    const added = await this.attachments.add(actor, token, files, description, options);
    return { data: added.map((file) => toCollaborationAttachment(file, token)) };
  }

  download(actor: Actor, token: string, id: number): Promise<StoredFileDownload> {
    companyOf(actor);
    return this.attachments.download(actor, token, id);
  }
}

/**
 * A download's entity tag: a stored file never changes (a new upload is a new attachment), so its id and size name
 * its bytes, and the file is never read to be tagged.
 */
export function attachmentEntityTag(id: number, file: Pick<StoredFileDownload, 'size'>): string {
  return `"${id}.${file.size}"`;
}

function toCollaborationAttachment(file: CaseFile, token: string): CollaborationAttachment {
  return {
    id: file.id,
    file_name: file.fileName,
    size_bytes: file.sizeBytes,
    content_type: file.contentType,
    description: file.description,
    uploaded_by: {
      company_id: file.company?.id ?? null,
      company_name: file.company?.name ?? null,
      user_name: file.userName,
    },
    created_at: file.createdAt.toISOString(),
    download_path: endpointUrl(API.connectAttachments.download, { token, id: file.id }),
  };
}
