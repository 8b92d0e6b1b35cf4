import type { SuperAdminDocument } from '@casebridge/contracts';
import type { ContactDocument } from '@casebridge/db';
import { sanitizeRichText } from '../../platform/common/rich-text';

/** What toSuperAdminDocument reads; load with strategy 'select-in' (sibling collections). */
export const EDITOR_POPULATE = [
  'currentVersion.escalationUser',
  'currentVersion.altEscalationUser',
  'linkages.child',
  'groupRelations',
  'emailTemplates.template',
  'managers.user',
  'tags',
  'departments',
] as const;

/** The escalation contacts: the version's users, else the document's managers (older documents). */
export function escalationContacts(doc: ContactDocument): { main: number; alternate: number } {
  const version = doc.currentVersion!;
  const manager = (type: string) => doc.managers.getItems().find((item) => item.userType === type)?.user.id ?? 0;
  return {
    main: version.escalationUser?.id ?? manager('main'),
    alternate: version.altEscalationUser?.id ?? manager('alternate'),
  };
}

/** The editor's view of a live (contact) document; needs EDITOR_POPULATE. */
export function toSuperAdminDocument(doc: ContactDocument): SuperAdminDocument {
  const version = doc.currentVersion!;
  const contacts = escalationContacts(doc);
  return {
    id: doc.id,
    company_id: doc.company.id,
    name: doc.name,
    static_document: doc.staticDocument,
    parent_option_name: doc.parentOptionName,
    doc_linkages: doc.linkages
      .getItems()
      .sort((a, b) => a.position - b.position || a.id - b.id)
      .map((linkage) => ({
        id: linkage.id,
        option_name: linkage.optionName,
        contact_document_id: linkage.child.id,
        deleted: linkage.deleted,
        child: { id: linkage.child.id, name: linkage.child.name },
      })),
    group_relations: [...new Set(doc.groupRelations.getItems().map((relation) => relation.community.id))].map(
      (communityId) => ({ community_id: communityId }),
    ),
    email_templates: doc.emailTemplates
      .getItems()
      .sort((a, b) => a.id - b.id)
      .map((choice) => ({ type: choice.type, email_template_id: choice.template.id })),
    version: {
      version_number: version.versionNumber,
      status: version.status,
      title: version.title ?? doc.name,
      support_hours: version.supportHours,
      product_supported: version.productSupported,
      document_type: version.documentType,
      json_type: version.jsonType,
      collaborate_email: version.collaborateEmail,
      collaborate_cc_email: version.collaborateCcEmail,
      escalation_instructions: sanitizeRichText(version.escalationInstructions),
      escalation_alias: version.escalationAlias,
      admin_note: sanitizeRichText(version.adminNote),
      main_escalation_contact: contacts.main,
      alt_escalation_contact: contacts.alternate,
    },
    managers: doc.managers
      .getItems()
      .sort((a, b) => a.id - b.id)
      .map((manager) => ({ user_type: manager.userType, user_id: manager.user.id })),
    tags: doc.tags
      .getItems()
      .map((tag) => tag.tag)
      .sort((a, b) => a.localeCompare(b)),
    departments: doc.departments
      .getItems()
      .sort((a, b) => a.id - b.id)
      .map((department) => ({ department_id: department.id })),
  };
}
