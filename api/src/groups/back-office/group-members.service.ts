import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  GROUP_PARTNER_ADDED,
  GROUP_PARTNER_REMOVED,
  type AddGroupPartnerBody,
  type GroupDocumentShape,
  type GroupDocumentUploadBody,
} from '@casebridge/contracts';
import { Company, CompanyGroupRelation, ContactDocument, Department, GroupDocument } from '@casebridge/db';
import { type ServerConfig, type FileStorage } from '@casebridge/server-core';
import { EntityManager } from '@mikro-orm/postgresql';
import { unlink } from 'node:fs/promises';
import type { z } from 'zod';
import { toGroupDocument } from '../company-admin/admin-groups.mappers';
import { GROUP_DOCUMENT_NOT_FOUND } from '../company-admin/group-documents.service';
import {
  deleteGroupDocument,
  groupDocumentDownload,
  storeGroupDocumentFile,
  type StagedFile,
} from '../company-admin/group-uploads';
import { ValidationException } from '../../platform/common/errors';
import type { StoredFileDownload } from '../../platform/common/stored-files';
import { SERVER_CONFIG } from '../../platform/config/config.module';
import { GroupsService } from './groups.service';
import { toGroupPartner } from './super-admin-groups.mappers';
import { FILE_STORAGE } from '../../platform/storage/storage.module';

type AddPartner = z.output<typeof AddGroupPartnerBody>;
type UploadBody = z.output<typeof GroupDocumentUploadBody>;

/** A super admin manages every document: each is shown deletable. */
const asAdmin = (doc: GroupDocument): GroupDocumentShape => toGroupDocument(doc, doc.company.id);

/** The partner-program view's partners (company relations) and shared documents, for any group. */
@Injectable()
export class GroupMembersService {
  constructor(
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly em: EntityManager,
    private readonly groups: GroupsService,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async partners(groupId: number) {
    const group = await this.groups.group(groupId);
    const relations = await this.em.find(
      CompanyGroupRelation,
      { community: group },
      {
        populate: ['company', 'department', 'document', 'community'],
        orderBy: { company: { name: 'asc' }, id: 'asc' },
      },
    );
    return { partners: relations.map(toGroupPartner) };
  }

  /** One relation per company and department; the process must be a live process of that company. */
  async addPartner(groupId: number, body: AddPartner) {
    const group = await this.groups.group(groupId);
    const errors: Record<string, string[]> = {};
    const company = await this.em.findOne(Company, { id: body.company_id });
    if (!company) errors.company_id = ['The selected company is invalid.'];
    let department: Department | null = null;
    let document: ContactDocument | null = null;
    if (company) {
      if (body.department_id) {
        department = await this.em.findOne(Department, { id: body.department_id, company });
        if (!department) errors.department_id = ['The department must be a department of the company.'];
      }
      document = await this.em.findOne(ContactDocument, { id: body.document_id, company, deletedAt: null });
      if (!document) errors.document_id = ['The process must be a process of the company.'];
      const existing = await this.em.count(CompanyGroupRelation, { community: group, company, department });
      if (existing) {
        errors.company_id = [
          department
            ? 'This department is already a partner of the group.'
            : 'This company is already a partner of the group.',
        ];
      }
    }
    if (Object.keys(errors).length) throw new ValidationException(errors);
    const relation = this.em.create(CompanyGroupRelation, {
      community: group,
      company: company!,
      department,
      document,
    });
    await this.em.flush();
    await this.em.populate(relation, ['company', 'department', 'document', 'community']);
    return { success: true, message: GROUP_PARTNER_ADDED, partner: toGroupPartner(relation) };
  }

  /** The relation goes with its user list (database cascade); the company keeps everything else. */
  async removePartner(groupId: number, partnerId: number) {
    const group = await this.groups.group(groupId);
    const relation = await this.em.findOne(CompanyGroupRelation, { id: partnerId, community: group });
    if (!relation) throw new NotFoundException('Partner not found.');
    await this.em.nativeDelete(CompanyGroupRelation, { id: relation.id });
    return { success: true, message: GROUP_PARTNER_REMOVED };
  }

  async documents(groupId: number) {
    const group = await this.groups.group(groupId);
    const documents = await this.em.find(
      GroupDocument,
      { community: group },
      { populate: ['company'], orderBy: { createdAt: 'desc', id: 'desc' } },
    );
    return { documents: documents.map(asAdmin) };
  }

  /** Shares a file or link for one of the group's partner companies (the company admins' upload rules). */
  async upload(groupId: number, body: UploadBody, file: StagedFile | undefined) {
    const group = await this.groups.group(groupId);
    const partner = await this.em.findOne(CompanyGroupRelation, { community: group, company: body.company_id });
    if (!partner) throw ValidationException.forField('company_id', 'The company is not a partner of this group.');
    const doc = this.em.create(GroupDocument, {
      community: group,
      company: body.company_id,
      name: body.name,
      documentType: body.document_type,
    });
    let placed: string | null = null;
    if (body.document_type === 'url') {
      doc.url = body.url ?? null;
      // A file sent along with a link is not kept.
      if (file) await unlink(file.path).catch(() => undefined);
    } else {
      if (!file) throw ValidationException.forField('file', 'The file field is required.');
      const stored = await storeGroupDocumentFile(this.storage, group.id, file);
      Object.assign(doc, {
        filePath: stored.filePath,
        originalFilename: stored.originalFilename,
        mimeType: stored.mimeType,
      });
      placed = stored.filePath;
    }
    try {
      await this.em.flush();
    } catch (error) {
      if (placed) await this.storage.remove(placed).catch(() => undefined);
      throw error;
    }
    await this.em.populate(doc, ['company']);
    return { message: 'The document has been added.', document: asAdmin(doc) };
  }

  async download(documentId: number): Promise<StoredFileDownload> {
    const doc = await this.em.findOne(GroupDocument, { id: documentId, documentType: 'file' });
    const file = await groupDocumentDownload(this.storage, doc);
    if (!file) throw new NotFoundException(GROUP_DOCUMENT_NOT_FOUND);
    return file;
  }

  async deleteDocument(groupId: number, documentId: number) {
    const group = await this.groups.group(groupId);
    const doc = await this.em.findOne(GroupDocument, { id: documentId, community: group });
    if (!doc) throw new NotFoundException(GROUP_DOCUMENT_NOT_FOUND);
    await deleteGroupDocument(this.em, this.storage, doc);
    return { success: true, message: 'The document has been deleted.' };
  }
}
