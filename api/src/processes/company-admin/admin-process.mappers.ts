import {
  DETAILED_DOCUMENT_TYPES,
  DOCUMENT_TYPE_ADMIN_LABELS,
  documentTypeListLabel,
  type AdminProcessDocument,
  type AdminProcessRow,
  type DocumentType,
} from '@casebridge/contracts';
import type { ContactDocument } from '@casebridge/db';
import { sanitizeRichText } from '../../platform/common/rich-text';
import { toContactDocument } from '../document.mappers';

const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name);

/** A row of the inbound process list (needs currentVersion.escalationUser, departments, groupRelations.community). */
export function toAdminProcessRow(doc: ContactDocument): AdminProcessRow {
  const version = doc.currentVersion!;
  const groups = new Map<number, string>();
  for (const relation of doc.groupRelations) groups.set(relation.community.id, relation.community.name);
  return {
    id: doc.id,
    name: doc.name,
    document_type: version.documentType,
    type_label: documentTypeListLabel(version.documentType),
    departments: doc.departments
      .getItems()
      .map((department) => ({ id: department.id, name: department.name }))
      .sort(byName),
    groups: [...groups].map(([id, name]) => ({ id, name })).sort(byName),
    escalation_manager: version.escalationUser?.fullName ?? null,
  };
}

/**
 * The document as its own company's admin sees it: the member view (sections, files, linkages; every group's
 * files, since they are the company's own) plus the editable settings, Applies To and the managers.
 * Needs DOCUMENT_VIEW_POPULATE.
 */
export function toAdminProcessDocument(doc: ContactDocument): AdminProcessDocument {
  const version = doc.currentVersion!;
  const groupIds = new Set(doc.groupRelations.getItems().map((relation) => relation.community.id));
  for (const file of doc.files) if (file.community) groupIds.add(file.community.id);
  const member = toContactDocument(doc, {
    department: null,
    isCaller: false,
    favorite: false,
    note: null,
    caseExchange: false,
    viewerGroups: groupIds,
    childOpen: (child) => child.deletedAt === null,
  });
  return {
    ...member,
    settings: {
      document_type: version.documentType,
      type_label: DOCUMENT_TYPE_ADMIN_LABELS[version.documentType as DocumentType],
      detailed: DETAILED_DOCUMENT_TYPES.includes(version.documentType),
      title: version.title ?? doc.name,
      support_hours: version.supportHours,
      product_supported: version.productSupported,
      collaborate_email: version.collaborateEmail,
      collaborate_cc_email: version.collaborateCcEmail,
      escalation_instructions: sanitizeRichText(version.escalationInstructions),
      escalation_user_id: version.escalationUser?.id ?? 0,
      alt_escalation_user_id: version.altEscalationUser?.id ?? 0,
      escalation_alias: version.escalationAlias,
    },
    group_relations: doc.groupRelations
      .getItems()
      .sort((a, b) => a.id - b.id)
      .map((relation) => ({
        id: relation.id,
        community: { id: relation.community.id, name: relation.community.name },
        department: relation.department ? { id: relation.department.id, name: relation.department.name } : null,
      })),
    managers: doc.managers
      .getItems()
      .sort((a, b) => (a.userType === b.userType ? a.id - b.id : a.userType === 'main' ? -1 : 1))
      .map((manager) => ({
        user_type: manager.userType,
        user_id: manager.user.id,
        user: { email: manager.user.email, name: manager.user.fullName },
      })),
    departments: doc.departments
      .getItems()
      .map((department) => ({ id: department.id, name: department.name }))
      .sort(byName),
  };
}
