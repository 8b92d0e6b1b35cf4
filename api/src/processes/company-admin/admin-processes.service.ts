import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import {
  DETAILED_DOCUMENT_TYPES,
  type AdminProcessDetail,
  type AdminProcessRow,
  type AdminProcessSample,
  type AdminProcessUpdateBody,
} from '@casebridge/contracts';
import {
  Company,
  CompanyGroupRelation,
  ContactDocument,
  Department,
  DocumentGroup,
  User,
  PICKABLE_USER,
} from '@casebridge/db';
import { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import type { Actor } from '../../platform/access/actor';
import { ValidationException } from '../../platform/common/errors';
import { isBlankRichText, sanitizeRichText } from '../../platform/common/rich-text';
import { DOCUMENT_VIEW_POPULATE } from '../document.mappers';
import { priorityMessagesOf, slaGroupOf } from '../priority';
import { toAdminProcessDocument, toAdminProcessRow } from './admin-process.mappers';

type UpdateBody = z.output<typeof AdminProcessUpdateBody>;

export const PROCESS_NOT_FOUND = 'Process document not found.';
export const PARENT_HAS_NO_FORM = 'A parent process has no test form: test one of its sub-processes.';
export const NO_LIMITED_PROCESS = 'Your company has no limited process.';

const DETAIL_POPULATE = [...DOCUMENT_VIEW_POPULATE, 'groupRelations.department'] as const;

/**
 * The inbound process documents of the admin's own company: the list, Process Details, the limited process and
 * the sample case submission. A document of another company is answered 404, like a missing one.
 */
@Injectable()
export class AdminProcessesService {
  constructor(private readonly em: EntityManager) {}

  async list(actor: Actor): Promise<{ documents: AdminProcessRow[] }> {
    const companyId = companyOf(actor);
    const documents = await this.em.find(
      ContactDocument,
      { company: companyId, deletedAt: null, currentVersion: { $ne: null } },
      {
        populate: ['currentVersion.escalationUser', 'departments', 'groupRelations.community'],
        orderBy: { name: 'asc', id: 'asc' },
        strategy: 'select-in',
      },
    );
    return { documents: documents.map(toAdminProcessRow) };
  }

  async detail(actor: Actor, documentId: number): Promise<AdminProcessDetail> {
    const companyId = companyOf(actor);
    return this.detailOf(companyId, await this.findOwn(companyId, documentId));
  }

  /**
   * A limited member collaborates through one process: the document of its group relation (the one its groups'
   * members submit to), else its only document. Other memberships have no limited process (404).
   */
  async limited(actor: Actor): Promise<AdminProcessDetail> {
    const companyId = companyOf(actor);
    const company = await this.em.findOneOrFail(Company, companyId);
    if (company.membershipType !== 'limited') throw new NotFoundException(NO_LIMITED_PROCESS);
    const relation = await this.em.findOne(
      CompanyGroupRelation,
      { company: companyId, isActive: true, document: { deletedAt: null, currentVersion: { $ne: null } } },
      { orderBy: { id: 'asc' } },
    );
    const fallback = relation
      ? null
      : await this.em.findOne(
          ContactDocument,
          { company: companyId, deletedAt: null, currentVersion: { $ne: null } },
          { orderBy: { id: 'asc' } },
        );
    const documentId = relation?.document?.id ?? fallback?.id;
    if (!documentId) throw new NotFoundException(NO_LIMITED_PROCESS);
    return this.detailOf(companyId, await this.findOwn(companyId, documentId));
  }

  async sample(actor: Actor, documentId: number): Promise<z.infer<typeof AdminProcessSample>> {
    return this.sampleFor(companyOf(actor), documentId);
  }

  /** The test form of a company's process; the back office tests any company's. */
  async sampleFor(companyId: number, documentId: number): Promise<z.infer<typeof AdminProcessSample>> {
    const doc = await this.findOwn(companyId, documentId);
    if (doc.currentVersion!.documentType === 'parent') {
      // The parent only chooses a sub-process; it has no form of its own to test.
      throw ValidationException.forField('document_type', PARENT_HAS_NO_FORM);
    }
    const relations = await this.em.find(
      DocumentGroup,
      { document: doc },
      { populate: ['community'], orderBy: { id: 'asc' } },
    );
    const messages = priorityMessagesOf(slaGroupOf(relations.map((relation) => relation.community)));
    return { document: toAdminProcessDocument(doc), messages };
  }

  async update(actor: Actor, documentId: number, body: UpdateBody): Promise<{ message: string }> {
    const companyId = companyOf(actor);
    const doc = await this.findOwn(companyId, documentId);
    const version = doc.currentVersion!;
    version.title = body.title;
    if (body.support_hours !== undefined) version.supportHours = body.support_hours ?? '';
    if (body.product_supported !== undefined) version.productSupported = body.product_supported ?? '';
    // The e-mail and escalation fields exist on detailed types only; for the others they are ignored.
    if (DETAILED_DOCUMENT_TYPES.includes(version.documentType)) {
      const main = await this.companyUser(companyId, body.escalation_user_id, 'escalation_user_id');
      const alternate = await this.companyUser(companyId, body.alt_escalation_user_id, 'alt_escalation_user_id');
      if (main && alternate && main.id === alternate.id) {
        throw ValidationException.forField(
          'alt_escalation_user_id',
          'The alternate escalation manager must differ from the escalation manager.',
        );
      }
      const instructions =
        body.escalation_instructions === undefined ? undefined : sanitizeRichText(body.escalation_instructions);
      version.collaborateEmail = body.collaborate_email;
      version.collaborateCcEmail = body.collaborate_cc_email;
      if (instructions !== undefined)
        version.escalationInstructions = isBlankRichText(instructions) ? null : instructions;
      version.escalationUser = main;
      version.altEscalationUser = alternate;
      version.escalationAlias = body.escalation_alias;
    }
    await this.em.flush();
    return { message: 'The process has been updated.' };
  }

  private async detailOf(companyId: number, doc: ContactDocument): Promise<AdminProcessDetail> {
    const [company, departments, relations, users] = await Promise.all([
      this.em.findOneOrFail(Company, companyId),
      this.em.find(Department, { company: companyId }, { orderBy: { name: 'asc', id: 'asc' } }),
      this.em.find(
        CompanyGroupRelation,
        { company: companyId, isActive: true },
        { populate: ['community'], orderBy: { id: 'asc' } },
      ),
      this.em.find(
        User,
        { company: companyId, ...PICKABLE_USER },
        { orderBy: { firstName: 'asc', lastName: 'asc', id: 'asc' } },
      ),
    ]);
    const communities = new Map<number, string>();
    for (const relation of relations) communities.set(relation.community.id, relation.community.name);
    return {
      document: toAdminProcessDocument(doc),
      companies: [{ id: company.id, name: company.name }],
      departments: departments.map((department) => ({ id: department.id, name: department.name })),
      communities: [...communities].map(([id, name]) => ({ id, name })),
      users: users.map((user) => ({
        id: user.id,
        first_name: user.firstName,
        last_name: user.lastName,
        email: user.email,
      })),
    };
  }

  /** A live document of the company with a current version; anything else is 404. */
  async findOwn(companyId: number, documentId: number): Promise<ContactDocument> {
    const doc = await this.em.findOne(
      ContactDocument,
      { id: documentId, company: companyId, deletedAt: null, currentVersion: { $ne: null } },
      { populate: [...DETAIL_POPULATE], strategy: 'select-in' },
    );
    if (!doc) throw new NotFoundException(PROCESS_NOT_FOUND);
    return doc;
  }

  /** 0 means none; any other id must be an active, approved user of the company. */
  private async companyUser(companyId: number, userId: number, field: string): Promise<User | null> {
    if (userId === 0) return null;
    const user = await this.em.findOne(User, { id: userId, company: companyId, ...PICKABLE_USER });
    if (!user) throw ValidationException.forField(field, 'Please choose a user of your company.');
    return user;
  }
}

export function companyOf(actor: Actor): number {
  if (actor.companyId === null) throw new ForbiddenException('Company administration is for members of a company.');
  return actor.companyId;
}
