import {
  MANAGER_REQUEST_TEMPLATE,
  NEW_RECEIVING_MEMBER,
  RECEIVING_TEMPLATE_CHOICE_TYPES,
  type DocumentSaveBody,
  type ManagedDocumentBody,
  type ParentDocumentBody,
  type StaticDocumentBody,
} from '@casebridge/contracts';
import {
  Community,
  CompanyGroupRelation,
  ContactDocument,
  Department,
  DocumentEmailTemplate,
  DocumentGroup,
  DocumentLinkage,
  DocumentManager,
  DocumentTag,
  EmailTemplate,
  User,
  type Company,
  type DocumentVersion,
  PICKABLE_USER,
} from '@casebridge/db';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import { ValidationException } from '../../platform/common/errors';
import { isBlankRichText, sanitizeRichText } from '../../platform/common/rich-text';

type Managed = z.output<typeof ManagedDocumentBody>;
type Static = z.output<typeof StaticDocumentBody>;
type Parent = z.output<typeof ParentDocumentBody>;
export type SaveBody = z.output<typeof DocumentSaveBody>;

/** What the checks found in the database, ready to be written. */
export type SavePlan =
  | {
      kind: 'managed';
      body: Managed;
      main: User | null;
      alternate: User | null;
      departments: Department[];
      groups: Community[];
      template: EmailTemplate | null;
    }
  | { kind: 'static'; body: Static; html: string }
  | { kind: 'parent'; body: Parent; children: Map<number, ContactDocument>; existing: Map<number, DocumentLinkage> };

const richTextOrNull = (html: string | null) => {
  const clean = sanitizeRichText(html);
  return isBlankRichText(clean) ? null : clean;
};

/**
 * The type-specific checks and writes of the super-admin editors (managed, static, parent). `check` reads and
 * reports every field in one 422 before anything changes; `apply` then writes the version and the document's
 * parts, so the caller's one flush stores all or nothing.
 */
export class DocumentWriter {
  constructor(
    private readonly em: EntityManager,
    private readonly company: Company,
  ) {}

  /** A limited company has no alternate escalation contact and no alias (not shown, kept as stored). */
  private get limited(): boolean {
    return this.company.membershipType === 'limited';
  }

  async check(body: SaveBody, doc: ContactDocument | null): Promise<SavePlan> {
    if (body.document_type === 'default') return this.checkStatic(body);
    if (body.document_type === 'parent') return this.checkParent(body, doc);
    return this.checkManaged(body, doc);
  }

  private checkStatic(body: Static): SavePlan {
    const html = sanitizeRichText(body.document_html);
    if (isBlankRichText(html)) throw ValidationException.forField('document_html', 'The document html is required.');
    return { kind: 'static', body, html };
  }

  private async checkManaged(body: Managed, doc: ContactDocument | null): Promise<SavePlan> {
    const errors: Record<string, string[]> = {};
    const user = async (id: number, field: string) => {
      if (id === 0) return null;
      const found = await this.em.findOne(User, { id, company: this.company, ...PICKABLE_USER });
      if (!found) errors[field] = ['Please choose an active user of the company.'];
      return found;
    };
    const main = await user(body.main_escalation_contact, 'main_escalation_contact');
    const alternate = this.limited ? null : await user(body.alt_escalation_contact, 'alt_escalation_contact');
    if (main && alternate && main.id === alternate.id) {
      errors.alt_escalation_contact = ['The alternate escalation contact must differ from the main one.'];
    }

    const departments = await this.em.find(Department, { id: { $in: body.departments }, company: this.company });
    if (departments.length !== body.departments.length) {
      errors.departments = ['Please choose departments of the company.'];
    }

    // The company's groups, and any group the document is already offered to (kept when left selected).
    const relations = await this.em.find(CompanyGroupRelation, { company: this.company }, { fields: ['community'] });
    const allowed = new Set(relations.map((relation) => relation.community.id));
    if (doc) for (const offer of doc.groupRelations) allowed.add(offer.community.id);
    const groups = await this.em.find(Community, { id: { $in: body.groups } });
    if (groups.length !== body.groups.length || groups.some((group) => !allowed.has(group.id))) {
      errors.groups = ['Please choose groups of the company.'];
    }

    let template: EmailTemplate | null;
    const templateId = body.email_templates.new_receiving_member;
    if (templateId) {
      template = await this.em.findOne(EmailTemplate, { id: templateId, type: 'document' });
      if (!template) errors['email_templates.new_receiving_member'] = ['Please choose a document e-mail template.'];
    } else {
      // A manager document defaults to the manager-request template, any other to new_receiving_member.
      const slug = body.document_type === 'manager' ? MANAGER_REQUEST_TEMPLATE : NEW_RECEIVING_MEMBER;
      template = await this.em.findOne(EmailTemplate, { slug });
    }

    if (Object.keys(errors).length) throw new ValidationException(errors);
    return { kind: 'managed', body, main, alternate, departments, groups, template };
  }

  private async checkParent(body: Parent, doc: ContactDocument | null): Promise<SavePlan> {
    const errors: Record<string, string[]> = {};
    const existing = new Map<number, DocumentLinkage>();
    if (doc) for (const linkage of doc.linkages) existing.set(linkage.id, linkage);
    const ids = [...new Set(body.linkages.map((row) => row.contact_document_id))];
    const found = await this.em.find(
      ContactDocument,
      { id: { $in: ids }, company: this.company, deletedAt: null, currentVersion: { $ne: null } },
      { populate: ['currentVersion'] },
    );
    const children = new Map(
      found
        .filter((child) => child.id !== doc?.id && child.currentVersion!.documentType !== 'parent')
        .map((child) => [child.id, child]),
    );
    body.linkages.forEach((row, index) => {
      if (row.id && !existing.has(row.id))
        errors[`linkages.${index}.id`] = ['The option is not an option of this process.'];
      // A stored row being deleted keeps its old child; only live rows need a valid process.
      if (!row.deleted && !children.has(row.contact_document_id)) {
        errors[`linkages.${index}.contact_document_id`] = ['Please choose an inbound process of the company.'];
      }
    });
    if (!body.linkages.some((row) => !row.deleted)) errors.linkages = ['Add at least one option.'];
    if (Object.keys(errors).length) throw new ValidationException(errors);
    return { kind: 'parent', body, children, existing };
  }

  /** Writes the version's fields and the document's parts of the plan. */
  apply(doc: ContactDocument, version: DocumentVersion, plan: SavePlan): void {
    const { body } = plan;
    doc.name = body.title;
    version.title = body.title;
    version.status = body.status;
    version.documentType = body.document_type;
    version.adminNote = richTextOrNull(body.admin_note);
    if (plan.kind === 'static') {
      version.supportHours = plan.body.support_hours;
      version.productSupported = plan.body.product_supported;
      doc.staticDocument = plan.html;
    } else if (plan.kind === 'parent') {
      doc.parentOptionName = plan.body.parent_option_name;
      this.applyLinkages(doc, plan);
    } else {
      this.applyManaged(doc, version, plan);
    }
  }

  private applyManaged(doc: ContactDocument, version: DocumentVersion, plan: Extract<SavePlan, { kind: 'managed' }>) {
    const { body } = plan;
    version.supportHours = body.support_hours;
    version.productSupported = body.product_supported;
    version.jsonType = body.document_type === 'json' ? body.json_type : null;
    version.collaborateEmail = body.collaborate_email;
    version.collaborateCcEmail = body.collaborate_cc_email;
    version.escalationInstructions = richTextOrNull(body.escalation_instructions);
    version.escalationUser = plan.main;
    if (!this.limited) {
      version.altEscalationUser = plan.alternate;
      version.escalationAlias = body.escalation_alias;
    }

    // The escalation contacts are the document's managers (who receive manager requests).
    const managers: [DocumentManager['userType'], User | null][] = [
      ['main', plan.main],
      ['alternate', this.limited ? (version.altEscalationUser ?? null) : plan.alternate],
    ];
    for (const [userType, user] of managers) {
      const current = doc.managers.getItems().filter((manager) => manager.userType === userType);
      const keep = current.find((manager) => manager.user.id === user?.id);
      for (const manager of current) if (manager !== keep) doc.managers.remove(manager);
      if (user && !keep) doc.managers.add(this.em.create(DocumentManager, { document: doc, user, userType }));
    }

    const tags = new Set(body.tags);
    for (const tag of doc.tags.getItems()) if (!tags.delete(tag.tag)) doc.tags.remove(tag);
    for (const tag of tags) doc.tags.add(this.em.create(DocumentTag, { document: doc, tag }));

    doc.departments.set(plan.departments);

    const chosen = new Set(plan.groups.map((group) => group.id));
    for (const offer of doc.groupRelations.getItems()) {
      if (chosen.has(offer.community.id)) chosen.delete(offer.community.id);
      else doc.groupRelations.remove(offer);
    }
    for (const group of plan.groups) {
      if (chosen.has(group.id))
        doc.groupRelations.add(this.em.create(DocumentGroup, { document: doc, community: group }));
    }

    // One choice, stored as new_receiving_member (manager requests read it too).
    const stored = doc.emailTemplates
      .getItems()
      .filter((choice) => RECEIVING_TEMPLATE_CHOICE_TYPES.includes(choice.type));
    const row = stored.find((choice) => choice.type === NEW_RECEIVING_MEMBER);
    for (const choice of stored) if (choice !== row || !plan.template) doc.emailTemplates.remove(choice);
    if (plan.template && row) row.template = plan.template;
    else if (plan.template) {
      doc.emailTemplates.add(
        this.em.create(DocumentEmailTemplate, { document: doc, type: NEW_RECEIVING_MEMBER, template: plan.template }),
      );
    }
  }

  /** Rows sent with `deleted` are flagged, not removed: cases and links may still name them. */
  private applyLinkages(doc: ContactDocument, plan: Extract<SavePlan, { kind: 'parent' }>) {
    plan.body.linkages.forEach((row, position) => {
      const stored = row.id ? plan.existing.get(row.id) : undefined;
      if (stored) {
        stored.optionName = row.option_name;
        stored.position = position;
        stored.deleted = row.deleted;
        if (!row.deleted) stored.child = plan.children.get(row.contact_document_id)!;
      } else if (!row.deleted) {
        doc.linkages.add(
          this.em.create(DocumentLinkage, {
            parent: doc,
            child: plan.children.get(row.contact_document_id)!,
            optionName: row.option_name,
            position,
          }),
        );
      }
    });
  }
}
