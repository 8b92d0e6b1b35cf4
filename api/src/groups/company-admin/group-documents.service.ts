import { ForbiddenException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { GroupDocumentShape, GroupDocumentUploadBody } from '@casebridge/contracts';
import { GroupDocument } from '@casebridge/db';
import { type ServerConfig, type FileStorage } from '@casebridge/server-core';
import { EntityManager } from '@mikro-orm/postgresql';
import { unlink } from 'node:fs/promises';
import type { z } from 'zod';
import type { Actor } from '../../platform/access/actor';
import { ValidationException } from '../../platform/common/errors';
import type { StoredFileDownload } from '../../platform/common/stored-files';
import { SERVER_CONFIG } from '../../platform/config/config.module';
import { toGroupDocument } from './admin-groups.mappers';
import { GroupAccessService } from './group-access.service';
import { deleteGroupDocument, groupDocumentDownload, storeGroupDocumentFile, type StagedFile } from './group-uploads';
import { FILE_STORAGE } from '../../platform/storage/storage.module';

type UploadBody = z.output<typeof GroupDocumentUploadBody>;

export const GROUP_DOCUMENT_NOT_FOUND = 'Document not found.';

/** Files and links the members of a group share with each other; each company manages only its own. */
@Injectable()
export class GroupDocumentsService {
  constructor(
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly em: EntityManager,
    private readonly access: GroupAccessService,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async list(actor: Actor, groupId: number): Promise<{ documents: GroupDocumentShape[] }> {
    const { companyId } = await this.access.membership(actor, groupId);
    const documents = await this.em.find(
      GroupDocument,
      { community: groupId },
      { populate: ['company'], orderBy: { createdAt: 'desc', id: 'desc' } },
    );
    return { documents: documents.map((doc) => toGroupDocument(doc, companyId)) };
  }

  async upload(
    actor: Actor,
    groupId: number,
    body: UploadBody,
    file: StagedFile | undefined,
  ): Promise<{ message: string; document: GroupDocumentShape }> {
    const { companyId, relation } = await this.access.membership(actor, groupId);
    if (body.company_id !== companyId)
      throw new ForbiddenException('You can only share documents of your own company.');
    const doc = this.em.create(GroupDocument, {
      community: relation.community,
      company: companyId,
      name: body.name,
      documentType: body.document_type,
    });
    if (body.document_type === 'url') {
      doc.url = body.url ?? null;
      // A file sent along with a link is not kept.
      if (file) await unlink(file.path).catch(() => undefined);
      await this.em.flush();
    } else {
      if (!file) throw ValidationException.forField('file', 'The file field is required.');
      const stored = await storeGroupDocumentFile(this.storage, groupId, file);
      doc.filePath = stored.filePath;
      doc.originalFilename = stored.originalFilename;
      doc.mimeType = stored.mimeType;
      try {
        await this.em.flush();
      } catch (error) {
        await this.storage.remove(stored.filePath).catch(() => undefined);
        throw error;
      }
    }
    await this.em.populate(doc, ['company']);
    return { message: 'The document has been added.', document: toGroupDocument(doc, companyId) };
  }

  async download(actor: Actor, groupId: number, documentId: number): Promise<StoredFileDownload> {
    await this.access.membership(actor, groupId);
    const doc = await this.em.findOne(GroupDocument, { id: documentId, community: groupId, documentType: 'file' });
    const file = await groupDocumentDownload(this.storage, doc);
    if (!file) throw new NotFoundException(GROUP_DOCUMENT_NOT_FOUND);
    return file;
  }

  async remove(actor: Actor, groupId: number, documentId: number): Promise<{ message: string }> {
    const { companyId } = await this.access.membership(actor, groupId);
    const doc = await this.em.findOne(GroupDocument, { id: documentId, community: groupId });
    if (!doc) throw new NotFoundException(GROUP_DOCUMENT_NOT_FOUND);
    if (doc.company.id !== companyId)
      throw new ForbiddenException('Only the company that added a document can delete it.');
    await deleteGroupDocument(this.em, this.storage, doc);
    return { message: 'The document has been deleted.' };
  }
}
