import { ForbiddenException, Inject, Injectable, NotFoundException, type StreamableFile } from '@nestjs/common';
import {
  MESSAGES,
  type DbSelectBody,
  type DocumentNoteBody,
  type DocumentsResponse,
  type IntakeDocument,
} from '@casebridge/contracts';
import {
  ContactDocument,
  Department,
  DocumentFile,
  DocumentNote,
  Favorite,
  GroupDocument,
  ProcessView,
} from '@casebridge/db';
import { type ServerConfig, type FileStorage } from '@casebridge/server-core';
import { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import type { Actor } from '../../platform/access/actor';
import { ValidationException } from '../../platform/common/errors';
import { sanitizeRichText } from '../../platform/common/rich-text';
import { openStoredFile, storedFileAnswer } from '../../platform/common/stored-files';
import { SERVER_CONFIG } from '../../platform/config/config.module';
import {
  type CompanyMember,
  documentFacts,
  DOCUMENT_ACCESS_POPULATE,
  MemberContextService,
  refusalFor,
} from '../../directory/member-context.service';
import { maySubmit } from '../../directory';
import {
  documentServesDepartment,
  isPriorityLocked,
  loadDbSelectOptions,
  toContactDocument,
  toIntakeDocument,
} from '../../processes';
import { parseEntityType, ProcessCatalogService, type ProcessEntity } from './process-catalog.service';
import { FILE_STORAGE } from '../../platform/storage/storage.module';

export const CASE_EXCHANGE_UNAVAILABLE = 'Case exchange is not available for your company.';

/** What submit-case reads: process documents, sub-processes, internal notes, select options and files. */
@Injectable()
export class DocumentsService {
  constructor(
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly em: EntityManager,
    private readonly members: MemberContextService,
    private readonly catalog: ProcessCatalogService,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  /**
   * The documents of a company or department that the member may submit to. Opening one's own company is refused;
   * a limited membership that reaches none of them gets the membership alert.
   */
  async documents(actor: Actor, type: string, entityId: number): Promise<DocumentsResponse> {
    const entityType = parseEntityType(type);
    const member = await this.members.loadCompanyMember(actor);
    const entity = await this.catalog.entity(entityType, entityId);
    if (entity.company.id === member.company.id) throw refusalFor('own');
    const open = this.openDocuments(await this.catalog.documents(entity), member);
    return this.present(member, entity, open);
  }

  /** The child documents a parent document of the entity offers through its (non-deleted) linkages. */
  async subDocuments(actor: Actor, documentId: number, type: string, entityId: number): Promise<DocumentsResponse> {
    const entityType = parseEntityType(type);
    const member = await this.members.loadCompanyMember(actor);
    const entity = await this.catalog.entity(entityType, entityId);
    if (entity.company.id === member.company.id) throw refusalFor('own');
    const parent = (await this.catalog.documents(entity)).find((doc) => doc.id === documentId);
    if (!parent) throw new NotFoundException('Process not found.');
    this.members.assertMaySubmit(parent, member);
    const childIds = parent.linkages
      .getItems()
      .filter((linkage) => !linkage.deleted)
      .sort((a, b) => a.position - b.position || a.id - b.id)
      .map((linkage) => linkage.child.id);
    const children = await this.catalog.documentsById(childIds);
    const ordered = childIds
      .map((id) => children.find((child) => child.id === id))
      .filter((child): child is ContactDocument => !!child);
    return this.present(member, entity, this.openDocuments(ordered, member, false));
  }

  /**
   * One document the member may submit to, for the integration API: 404 when it is not open to the member's company
   * (another company's closed process, a group it is not in, a disabled or its own company's one), so a closed
   * process cannot be told from a missing one.
   */
  async submittable(actor: Actor, documentId: number): Promise<{ doc: ContactDocument; member: CompanyMember }> {
    const member = await this.members.loadCompanyMember(actor);
    const [doc] = await this.catalog.documentsById([documentId]);
    if (!doc || this.members.verdict(doc, member) !== 'open') throw new NotFoundException('Process not found.');
    return { doc, member };
  }

  /**
   * The form of GET /v1/documents/{id}: the departments it serves and the priorities of a case sent to the company.
   * Not a view of the processes-viewed report: a connector reads forms to map them, not a member to use one.
   */
  async intakeDocument(actor: Actor, documentId: number): Promise<IntakeDocument> {
    const { doc, member } = await this.submittable(actor, documentId);
    const departments = await this.em.find(
      Department,
      { company: doc.company, status: 'active' },
      { orderBy: { name: 'asc', id: 'asc' } },
    );
    const sla = this.catalog.sla(doc, null, member);
    return toIntakeDocument(this.em, doc, {
      departments: departments.filter((department) => documentServesDepartment(doc, department)),
      priority: { messages: sla.messages, locked: sla.locked },
      childOpen: (child) => maySubmit(documentFacts(child), member.access),
    });
  }

  private openDocuments(docs: ContactDocument[], member: CompanyMember, refuseLimited = true): ContactDocument[] {
    const verdicts = docs.map((doc) => this.members.verdict(doc, member));
    const open = docs.filter((_doc, index) => verdicts[index] === 'open');
    if (refuseLimited && open.length === 0 && member.access.limited) {
      throw new ForbiddenException(MESSAGES.membershipBlocked);
    }
    return open;
  }

  /** Maps the documents for the member and records that they were viewed (processes-viewed report). */
  private async present(
    member: CompanyMember,
    entity: ProcessEntity,
    docs: ContactDocument[],
  ): Promise<DocumentsResponse> {
    const ids = docs.map((doc) => doc.id);
    const [favorite, notes] = await Promise.all([
      this.em.findOne(Favorite, { user: member.user, company: entity.company, department: entity.department }),
      ids.length ? this.em.find(DocumentNote, { company: member.company, document: { $in: ids } }) : [],
    ]);
    const noteOf = new Map(notes.map((note) => [note.document.id, note.note]));
    const viewerGroups = new Set(member.access.groups.keys());
    const slas = docs.map((doc) => this.catalog.sla(doc, entity.department, member));
    const messages = slas.find((sla) => sla.messages)?.messages ?? null;
    const documents = docs.map((doc) =>
      toContactDocument(doc, {
        department: entity.department,
        isCaller: member.user.role === 'caller',
        favorite: !!favorite && (!favorite.document || favorite.document.id === doc.id),
        note: noteOf.get(doc.id) ?? null,
        caseExchange: doc.currentVersion?.documentType === 'default' && !!this.config.CASE_EXCHANGE_URL,
        viewerGroups,
        childOpen: (child) => maySubmit(documentFacts(child), member.access),
      }),
    );
    for (const doc of docs) this.em.create(ProcessView, { user: member.user, document: doc });
    await this.em.flush();
    return {
      documents,
      priority_messages: messages,
      priority_locked: isPriorityLocked(member.company.membershipType, entity.company.membershipType, messages),
    };
  }

  /** Saves the company's internal note on a partner document (one per company and document). */
  async storeNote(actor: Actor, body: z.output<typeof DocumentNoteBody>) {
    const member = await this.members.loadCompanyMember(actor);
    const doc = await this.em.findOne(
      ContactDocument,
      { id: body.document_id, deletedAt: null },
      { populate: [...DOCUMENT_ACCESS_POPULATE] },
    );
    if (!doc) throw new NotFoundException('Process not found.');
    this.members.assertMaySubmit(doc, member);
    const text = sanitizeRichText(body.note) ?? '';
    let note = await this.em.findOne(DocumentNote, { company: member.company, document: doc });
    if (note) {
      note.note = text;
      note.location = body.location;
      note.user = member.user;
    } else {
      note = this.em.create(DocumentNote, {
        company: member.company,
        document: doc,
        user: member.user,
        note: text,
        location: body.location,
      });
    }
    await this.em.flush();
    return {
      note: {
        id: note.id,
        note: note.note,
        location: note.location,
        document_id: doc.id,
        updated_at: note.updatedAt.toISOString(),
      },
    };
  }

  async dbSelectOptions(body: z.output<typeof DbSelectBody>): Promise<Record<string, string>> {
    if (body.model === 'department' && !body.foreign_key)
      throw ValidationException.forField('foreign_key', 'The company is required for department options.');
    return loadDbSelectOptions(this.em, body.model, body.foreign_key);
  }

  caseExchange() {
    const url = this.config.CASE_EXCHANGE_URL.trim();
    return url
      ? { success: true, url, message: null }
      : { success: false, url: null, message: CASE_EXCHANGE_UNAVAILABLE };
  }

  /** A file shared with a partner group, for members of that group only. */
  async groupDocumentDownload(actor: Actor, communityId: number, id: number): Promise<StreamableFile> {
    const member = await this.members.loadCompanyMember(actor);
    if (!member.access.groups.has(communityId)) throw new ForbiddenException(MESSAGES.noAccess);
    const document = await this.em.findOne(GroupDocument, { id, community: communityId });
    if (!document) throw new NotFoundException('Document not found.');
    if (document.documentType !== 'file' || !document.filePath)
      throw ValidationException.forField('id', 'This document is a link and has no file to download.');
    const name = document.originalFilename ?? document.name;
    return this.fileAnswer(document.filePath, name);
  }

  /** A file attached to a process document the member may submit to. */
  async documentFileDownload(actor: Actor, documentId: number, id: number): Promise<StreamableFile> {
    const member = await this.members.loadCompanyMember(actor);
    const doc = await this.em.findOne(
      ContactDocument,
      { id: documentId, deletedAt: null },
      { populate: [...DOCUMENT_ACCESS_POPULATE] },
    );
    if (!doc) throw new NotFoundException('Process not found.');
    this.members.assertMaySubmit(doc, member);
    const file = await this.em.findOne(DocumentFile, { id, document: doc });
    if (!file) throw new NotFoundException('File not found.');
    if (file.community && !member.access.groups.has(file.community.id)) throw new ForbiddenException(MESSAGES.noAccess);
    if (file.documentType !== 'file' || !file.filePath)
      throw ValidationException.forField('id', 'This document is a link and has no file to download.');
    return this.fileAnswer(file.filePath, file.originalFilename ?? file.name);
  }

  /** A document file as a download, typed by its content (never by the row's declared mime type). */
  private async fileAnswer(storedPath: string, name: string): Promise<StreamableFile> {
    const file = await openStoredFile(this.storage, storedPath, name, 'document');
    if (!file) throw new NotFoundException('The file is no longer available.');
    return storedFileAnswer(file);
  }
}
