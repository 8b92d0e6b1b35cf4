import {
  commonCustomerSectionTitle,
  endpointUrl,
  documentsApi,
  type ContactDocumentShape,
  type RequirementSection,
  type VersionRequirementShape,
} from '@casebridge/contracts';
import type { ContactDocument, Department, DocumentFile, User, VersionRequirement } from '@casebridge/db';
import { sanitizeRichText } from '../platform/common/rich-text';

/**
 * Relations a document needs loaded for toContactDocument (the access ones included). Load them with
 * strategy 'select-in': joined loading of these sibling collections multiplies rows into the thousands.
 */
export const DOCUMENT_VIEW_POPULATE = [
  'company',
  'currentVersion.requirements.requirement',
  'currentVersion.escalationUser',
  'currentVersion.altEscalationUser',
  'groupRelations.community',
  'departments',
  'files',
  'managers.user',
  'linkages.child.company',
  'linkages.child.currentVersion',
  'linkages.child.groupRelations.community',
] as const;

export interface DocumentViewContext {
  /** The department the member opened (type department), else null. */
  department: Department | null;
  /** Callers see no process-owner and escalation contacts. */
  isCaller: boolean;
  favorite: boolean;
  note: string | null;
  caseExchange: boolean;
  /** Groups of the viewer: files offered to one group only are listed to its members only. */
  viewerGroups: ReadonlySet<number>;
  /** Whether a linked child document may be offered to the viewer. */
  childOpen: (child: ContactDocument) => boolean;
}

function contact(user: User | null) {
  return user ? { first_name: user.firstName, last_name: user.lastName, email: user.email, phone: user.phone } : null;
}

function toRequirementShape(placed: VersionRequirement): VersionRequirementShape {
  const requirement = placed.requirement;
  return {
    requirement_id: requirement.id,
    section: placed.section,
    required: placed.required,
    group: placed.group,
    options: placed.options ?? requirement.options ?? null,
    additional_settings: placed.additionalSettings ?? requirement.additionalSettings ?? null,
    requirement: {
      id: requirement.id,
      type: requirement.type,
      label: requirement.label,
      code_label: requirement.codeLabel,
      options: requirement.options ?? null,
      additional_settings: requirement.additionalSettings ?? null,
    },
  };
}

function toFileShape(doc: ContactDocument, file: DocumentFile) {
  return {
    id: file.id,
    name: file.name,
    document_type: file.documentType,
    url:
      file.documentType === 'url'
        ? file.url
        : endpointUrl(documentsApi.documentFileDownload, { documentId: doc.id, id: file.id }),
    community_id: file.community?.id ?? null,
    original_filename: file.originalFilename,
  };
}

/** A process document as a member sees it on submit-case (ContactDocumentShape). */
export function toContactDocument(doc: ContactDocument, context: DocumentViewContext): ContactDocumentShape {
  const version = doc.currentVersion!;
  const placed = version.requirements.getItems().sort((a, b) => a.position - b.position || a.id - b.id);
  const section = (name: RequirementSection) => placed.filter((item) => item.section === name).map(toRequirementShape);
  return {
    id: doc.id,
    name: doc.name,
    company_id: doc.company.id,
    company: { name: doc.company.name, slug: doc.company.slug, membership_type: doc.company.membershipType },
    department: context.department ? { id: context.department.id, name: context.department.name } : null,
    is_favorite: context.favorite,
    files: doc.files
      .getItems()
      .filter((file) => !file.community || context.viewerGroups.has(file.community.id))
      .sort((a, b) => a.id - b.id)
      .map((file) => toFileShape(doc, file)),
    version: {
      document_type: version.documentType,
      title: version.title ?? doc.name,
      support_hours: version.supportHours,
      product_supported: version.productSupported,
      admin_note: sanitizeRichText(version.adminNote),
      escalation_instructions: sanitizeRichText(version.escalationInstructions),
      manager_users: context.isCaller
        ? []
        : doc.managers
            .getItems()
            .sort((a, b) => (a.userType === b.userType ? a.id - b.id : a.userType === 'main' ? -1 : 1))
            .map((manager) => ({
              first_name: manager.user.firstName,
              last_name: manager.user.lastName,
              email: manager.user.email,
            })),
      common_customer_section_title: commonCustomerSectionTitle(
        version.documentType,
        version.commonCustomerSectionTitle,
      ),
    },
    common_customer_section: section('common_customer_section'),
    problem_section: section('problem_section'),
    contact_section: section('contact_section'),
    doc_linkages:
      version.documentType === 'parent'
        ? doc.linkages
            .getItems()
            .filter((linkage) => !linkage.deleted && context.childOpen(linkage.child))
            .sort((a, b) => a.position - b.position || a.id - b.id)
            .map((linkage) => ({
              id: linkage.id,
              option_name: linkage.optionName,
              contact_document_id: linkage.child.id,
            }))
        : [],
    parent_option_name: doc.parentOptionName,
    static_document: version.documentType === 'default' ? sanitizeRichText(doc.staticDocument) : null,
    escalation: context.isCaller
      ? null
      : {
          main: contact(version.escalationUser),
          alternate: contact(version.altEscalationUser),
          alias: version.escalationAlias,
          collaborate_email: version.collaborateEmail,
        },
    note: context.note,
    case_exchange: context.caseExchange,
  };
}
