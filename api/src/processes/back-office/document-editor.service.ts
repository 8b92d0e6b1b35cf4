import { Injectable, NotFoundException } from '@nestjs/common';
import {
  COMPANY_NOT_FOUND,
  DOCUMENT_NOT_FOUND,
  DOCUMENT_SAVED,
  DOCUMENT_TYPE_FIXED,
  type DocumentFormData,
  type ParentFormData,
  type SuperAdminDocument,
} from '@casebridge/contracts';
import {
  Company,
  CompanyGroupRelation,
  ContactDocument,
  Department,
  DocumentVersion,
  EmailTemplate,
  User,
  VersionRequirement,
  PICKABLE_USER,
} from '@casebridge/db';
import { EntityManager } from '@mikro-orm/postgresql';
import { ValidationException } from '../../platform/common/errors';
import { EDITOR_POPULATE, toSuperAdminDocument } from './document-editor.mappers';
import { DocumentWriter, type SaveBody } from './document-writer';

const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name) || 0;

/**
 * The back office's process document editors: their choices, one document, and the save. Every save
 * is a new version (cases keep the version they were submitted against) carrying over the fields the editor does
 * not show (sections, json type, ...); the type is fixed once the document exists.
 */
@Injectable()
export class DocumentEditorService {
  constructor(private readonly em: EntityManager) {}

  async company(id: number): Promise<Company> {
    const company = id > 0 ? await this.em.findOne(Company, { id }) : null;
    if (!company) throw new NotFoundException(COMPANY_NOT_FOUND);
    return company;
  }

  async formData(companyId: number): Promise<DocumentFormData> {
    const company = await this.company(companyId);
    const [departments, relations, users, templates] = await Promise.all([
      this.em.find(Department, { company }, { orderBy: { name: 'asc', id: 'asc' } }),
      this.em.find(CompanyGroupRelation, { company }, { populate: ['community'] }),
      this.em.find(User, { company, ...PICKABLE_USER }, { orderBy: { firstName: 'asc', lastName: 'asc', id: 'asc' } }),
      this.em.find(EmailTemplate, { type: 'document' }, { orderBy: { name: 'asc', id: 'asc' } }),
    ]);
    const communities = new Map(relations.map((relation) => [relation.community.id, relation.community.name]));
    return {
      company: companyOption(company),
      departments: departments.map((department) => ({ id: department.id, name: department.name })),
      communities: [...communities].map(([id, name]) => ({ id, name })).sort(byName),
      users: users.map((user) => ({
        id: user.id,
        first_name: user.firstName,
        last_name: user.lastName,
        email: user.email,
      })),
      email_templates: templates.map((template) => ({
        type: template.type,
        id: template.id,
        slug: template.slug,
        name: template.name,
      })),
    };
  }

  /** A parent offers the company's live processes, never another parent. */
  async parentFormData(companyId: number): Promise<ParentFormData> {
    const company = await this.company(companyId);
    const documents = await this.em.find(
      ContactDocument,
      { company, deletedAt: null, currentVersion: { documentType: { $ne: 'parent' } } },
      { populate: ['currentVersion'], orderBy: { name: 'asc', id: 'asc' } },
    );
    return {
      company: companyOption(company),
      documents: documents.map((doc) => ({
        id: doc.id,
        name: doc.name,
        document_type: doc.currentVersion!.documentType,
      })),
    };
  }

  async document(documentId: number): Promise<{ document: SuperAdminDocument }> {
    return { document: toSuperAdminDocument(await this.findLive(documentId)) };
  }

  async save(companyId: number, documentId: number, body: SaveBody) {
    const company = await this.company(companyId);
    const existing = documentId === 0 ? null : await this.findLive(documentId, company.id);
    const previous = existing?.currentVersion ?? null;
    if (previous && previous.documentType !== body.document_type) {
      throw ValidationException.forField('document_type', DOCUMENT_TYPE_FIXED);
    }
    const writer = new DocumentWriter(this.em, company);
    // Every field is checked before anything changes; the one flush below writes all or nothing.
    const plan = await writer.check(body, existing);
    const doc = existing ?? this.em.create(ContactDocument, { company, name: body.title });
    const version = await this.nextVersion(doc, previous);
    writer.apply(doc, version, plan);
    doc.currentVersion = version;
    doc.updatedAt = new Date();
    await this.em.flush();
    const saved = await this.findLive(doc.id, company.id);
    return { success: true, message: DOCUMENT_SAVED, document: toSuperAdminDocument(saved) };
  }

  /** A live (not deleted) document with a current version, of the company when given; else 404. */
  async findLive(documentId: number, companyId?: number): Promise<ContactDocument> {
    const doc = await this.em.findOne(
      ContactDocument,
      {
        id: documentId,
        deletedAt: null,
        currentVersion: { $ne: null },
        ...(companyId === undefined ? {} : { company: companyId }),
      },
      { populate: [...EDITOR_POPULATE], strategy: 'select-in' },
    );
    if (!doc) throw new NotFoundException(DOCUMENT_NOT_FOUND);
    return doc;
  }

  /** A copy of the current version (its fields and placed requirements) with the next number. */
  private async nextVersion(doc: ContactDocument, previous: DocumentVersion | null): Promise<DocumentVersion> {
    if (!previous) return this.em.create(DocumentVersion, { document: doc, versionNumber: 1 });
    const last = await this.em.findOneOrFail(
      DocumentVersion,
      { document: doc },
      { orderBy: { versionNumber: 'desc' }, fields: ['versionNumber'] },
    );
    const version = this.em.create(DocumentVersion, {
      document: doc,
      versionNumber: last.versionNumber + 1,
      status: previous.status,
      documentType: previous.documentType,
      jsonType: previous.jsonType,
      title: previous.title,
      supportHours: previous.supportHours,
      productSupported: previous.productSupported,
      collaborateEmail: previous.collaborateEmail,
      collaborateCcEmail: previous.collaborateCcEmail,
      escalationInstructions: previous.escalationInstructions,
      escalationAlias: previous.escalationAlias,
      adminNote: previous.adminNote,
      commonCustomerSectionTitle: previous.commonCustomerSectionTitle,
      escalationUser: previous.escalationUser,
      altEscalationUser: previous.altEscalationUser,
    });
    const placed = await this.em.find(VersionRequirement, { version: previous }, { orderBy: { position: 'asc' } });
    for (const item of placed) {
      this.em.create(VersionRequirement, {
        version,
        requirement: item.requirement,
        section: item.section,
        required: item.required,
        group: item.group,
        options: item.options,
        additionalSettings: item.additionalSettings,
        position: item.position,
      });
    }
    return version;
  }
}

function companyOption(company: Company) {
  return { id: company.id, name: company.name, membership_type: company.membershipType };
}
