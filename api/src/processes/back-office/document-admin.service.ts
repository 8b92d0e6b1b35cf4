import { ConflictException, Injectable } from '@nestjs/common';
import { DOCUMENT_DELETED } from '@casebridge/contracts';
import { Case, Community, CompanyGroupRelation, Department, DocumentLinkage, DocumentNote } from '@casebridge/db';
import { EntityManager } from '@mikro-orm/postgresql';
import { htmlToPlainText } from '../../platform/common/rich-text';
import { DocumentEditorService } from './document-editor.service';

/** Cases still being worked on: a process they came through stays. */
const OPEN_CASE_STATUSES = ['open', 'accepted', 'information'] as const;

/** Delete and internal notes of a company's process (contact_documents/{docId}/delete and /notes). */
@Injectable()
export class DocumentAdminService {
  constructor(
    private readonly em: EntityManager,
    private readonly editor: DocumentEditorService,
  ) {}

  /**
   * A soft delete: cases keep pointing at the document. Refused (409, naming the reasons) while the document is
   * the process of an active group relation or of a group, or cases through it are still open. Parents stop
   * offering it and departments stop pointing at it, in the same flush.
   */
  async delete(companyId: number, documentId: number) {
    await this.editor.company(companyId);
    const doc = await this.editor.findLive(documentId, companyId);
    const [relations, groups, openCases] = await Promise.all([
      this.em.count(CompanyGroupRelation, { document: doc, isActive: true }),
      this.em.count(Community, { document: doc }),
      this.em.count(Case, { document: doc, status: { $in: [...OPEN_CASE_STATUSES] } }),
    ]);
    const reasons = [
      relations ? `it is the process of ${relations} active group relation(s)` : null,
      groups ? `it is the process of ${groups} group(s)` : null,
      openCases ? `${openCases} case(s) through it are still open` : null,
    ].filter(Boolean);
    if (reasons.length) throw new ConflictException(`The process cannot be deleted: ${reasons.join('; ')}.`);

    doc.deletedAt = new Date();
    for (const linkage of await this.em.find(DocumentLinkage, { child: doc, deleted: false })) linkage.deleted = true;
    for (const department of await this.em.find(Department, { contactDocument: doc })) {
      department.contactDocument = null;
    }
    await this.em.flush();
    return { success: true, message: DOCUMENT_DELETED };
  }

  /** Every company's internal note on the process, newest first, as plain text. */
  async notes(companyId: number, documentId: number) {
    await this.editor.company(companyId);
    const doc = await this.editor.findLive(documentId, companyId);
    const notes = await this.em.find(
      DocumentNote,
      { document: doc },
      { populate: ['company'], orderBy: { updatedAt: 'desc', id: 'desc' } },
    );
    return {
      notes: notes.map((note) => ({
        id: note.id,
        company: note.company.name,
        note: htmlToPlainText(note.note),
        updated_at: note.updatedAt.toISOString(),
      })),
    };
  }
}
