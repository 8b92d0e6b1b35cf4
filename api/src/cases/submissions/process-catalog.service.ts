import { Injectable, NotFoundException } from '@nestjs/common';
import type { MembershipType } from '@casebridge/contracts';
import { Community, Company, ContactDocument, Department } from '@casebridge/db';
import { EntityManager } from '@mikro-orm/postgresql';
import { ValidationException } from '../../platform/common/errors';
import type { MemberContext } from '../../directory/member-context.service';
import {
  DOCUMENT_VIEW_POPULATE,
  isPriorityLocked,
  priorityMessagesOf,
  type PriorityMessagesShape,
  slaGroupOf,
} from '../../processes';

export type EntityType = 'company' | 'department';

/** What a member opened on submit-case: a company, or one of its departments. */
export interface ProcessEntity {
  type: EntityType;
  company: Company;
  department: Department | null;
}

export interface SlaContext {
  group: Community | null;
  messages: PriorityMessagesShape | null;
  locked: boolean;
}

export function parseEntityType(type: string): EntityType {
  if (type === 'company' || type === 'department') return type;
  throw ValidationException.forField('type', 'The type must be company or department.');
}

/** Finds the receiving side of submit-case and its process documents. */
@Injectable()
export class ProcessCatalogService {
  constructor(private readonly em: EntityManager) {}

  /** An active company, or an active department of an active company (404 otherwise). */
  async entity(type: EntityType, id: number): Promise<ProcessEntity> {
    if (type === 'company') {
      const company = await this.em.findOne(Company, { id, status: 'active' });
      if (!company) throw new NotFoundException('Company not found.');
      return { type, company, department: null };
    }
    const department = await this.em.findOne(
      Department,
      { id, status: 'active', company: { status: 'active' } },
      { populate: ['company', 'community'] },
    );
    if (!department) throw new NotFoundException('Department not found.');
    return { type, company: department.company, department };
  }

  /**
   * The approved, non-deleted process documents of the entity, oldest first: for a company all of its documents
   * (those of its departments included), for a department its contact document and the documents linked to it.
   */
  async documents(entity: ProcessEntity): Promise<ContactDocument[]> {
    const department = entity.department;
    const linked = department
      ? {
          $or: [
            { departments: { id: department.id } },
            ...(department.contactDocument ? [{ id: department.contactDocument.id }] : []),
          ],
        }
      : {};
    return this.em.find(
      ContactDocument,
      { company: entity.company, deletedAt: null, currentVersion: { status: 'approved' }, ...linked },
      { populate: [...DOCUMENT_VIEW_POPULATE], orderBy: { id: 'asc' }, strategy: 'select-in' },
    );
  }

  /** Documents by id with everything the submit screen shows (used for sub-processes). */
  async documentsById(ids: number[]): Promise<ContactDocument[]> {
    if (ids.length === 0) return [];
    return this.em.find(
      ContactDocument,
      { id: { $in: ids }, deletedAt: null, currentVersion: { status: 'approved' } },
      { populate: [...DOCUMENT_VIEW_POPULATE], strategy: 'select-in' },
    );
  }

  /**
   * The SLA of submitting to a document: the first active custom-SLA group among the groups the document is
   * offered to (the member's own groups first) and the receiving department's group; its priority messages; and
   * whether the priority is locked to low (basic or standard membership on either side, unless the SLA has
   * custom priority messages).
   */
  sla(doc: ContactDocument, department: Department | null, member: MemberContext): SlaContext {
    const groups = doc.groupRelations.getItems().map((relation) => relation.community);
    const mine = groups.filter((group) => member.access?.groups.has(group.id));
    const others = groups.filter((group) => !member.access?.groups.has(group.id));
    const candidates = [...mine, ...others, ...(department?.community ? [department.community] : [])];
    const group = slaGroupOf(candidates);
    const messages = priorityMessagesOf(group);
    const submitter: MembershipType = member.company?.membershipType ?? 'limited';
    return { group, messages, locked: isPriorityLocked(submitter, doc.company.membershipType, messages) };
  }
}
