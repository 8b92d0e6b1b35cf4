import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { DEPARTMENT_DELETED, DEPARTMENT_NOT_FOUND, DEPARTMENT_SAVED, type DepartmentBody } from '@casebridge/contracts';
import { Case, Community, CompanyGroupRelation, ContactDocument, Department } from '@casebridge/db';
import { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import { ValidationException } from '../../platform/common/errors';
import { DocumentEditorService } from '../../processes/back-office/document-editor.service';

type Body = z.output<typeof DepartmentBody>;

const OPEN_CASE_STATUSES = ['open', 'accepted', 'information'] as const;

/** The back office's departments page: save a row, delete a row. */
@Injectable()
export class DepartmentsService {
  constructor(
    private readonly em: EntityManager,
    private readonly documents: DocumentEditorService,
  ) {}

  /** Creates (0) or updates a department; its group must exist and its process be a live one of the company. */
  async save(companyId: number, departmentId: number, body: Body) {
    const company = await this.documents.company(companyId);
    const department =
      departmentId === 0 ? null : await this.em.findOne(Department, { id: departmentId, company: company.id });
    if (departmentId !== 0 && !department) throw new NotFoundException(DEPARTMENT_NOT_FOUND);
    const errors: Record<string, string[]> = {};
    const community = body.community_id ? await this.em.findOne(Community, { id: body.community_id }) : null;
    if (body.community_id && !community) errors.community_id = ['The selected group is invalid.'];
    const document = body.contact_document_id
      ? await this.em.findOne(ContactDocument, { id: body.contact_document_id, company, deletedAt: null })
      : null;
    if (body.contact_document_id && !document) {
      errors.contact_document_id = ['Please choose a process of the company.'];
    }
    if (Object.keys(errors).length) throw new ValidationException(errors);

    const target = department ?? this.em.create(Department, { company, name: body.name });
    Object.assign(target, {
      name: body.name,
      description: body.description,
      community,
      contactDocument: document,
      status: body.status,
    });
    await this.em.flush();
    return {
      success: true,
      message: DEPARTMENT_SAVED,
      department: {
        id: target.id,
        name: target.name,
        description: target.description,
        status: target.status,
        community: community ? { id: community.id, name: community.name } : null,
        contact_document: document ? { id: document.id, name: document.name } : null,
      },
    };
  }

  /**
   * Deleting takes the department's group relations with it (database cascade) and leaves its cases with the
   * company only, so it is refused (409) while cases it received are open or it holds an active group relation.
   */
  async delete(id: number) {
    const department = await this.em.findOne(Department, { id });
    if (!department) throw new NotFoundException(DEPARTMENT_NOT_FOUND);
    const [relations, openCases] = await Promise.all([
      this.em.count(CompanyGroupRelation, { department, isActive: true }),
      this.em.count(Case, { receiverDepartment: department, status: { $in: [...OPEN_CASE_STATUSES] } }),
    ]);
    const reasons = [
      relations ? `it belongs to ${relations} active group relation(s)` : null,
      openCases ? `${openCases} case(s) it received are still open` : null,
    ].filter(Boolean);
    if (reasons.length) throw new ConflictException(`The department cannot be deleted: ${reasons.join('; ')}.`);
    await this.em.nativeDelete(Department, { id: department.id });
    return { success: true, message: DEPARTMENT_DELETED };
  }
}
