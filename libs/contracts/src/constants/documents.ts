/** Process (contact) document version types. */
export const DOCUMENT_TYPES = ['ticket', 'solution_support', 'json', 'default', 'parent', 'manager'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** Types rendered as the full case form on submit-case. */
export const CASE_FORM_DOCUMENT_TYPES: readonly DocumentType[] = ['ticket', 'solution_support', 'json'];
/** Types with e-mail and escalation sections in the admin Process Details. */
export const DETAILED_DOCUMENT_TYPES: readonly DocumentType[] = ['ticket', 'solution_support', 'manager', 'json'];

/** Read-only type labels in the company-admin Process Details. */
export const DOCUMENT_TYPE_ADMIN_LABELS: Record<DocumentType, string> = {
  ticket: 'Standard Email Process',
  solution_support: 'Solution Support',
  manager: 'Manager Collaboration',
  json: 'JSON',
  default: 'Static Document',
  parent: 'Parent',
};

/** Type labels in the super-admin editors. */
export const DOCUMENT_TYPE_EDITOR_LABELS: Record<DocumentType, string> = {
  ticket: 'Collaborative Document',
  default: 'Static Document',
  solution_support: 'Solution Support',
  json: 'JSON Form',
  manager: 'Manager Form',
  parent: 'Parent Document',
};

/**
 * Type column of the inbound process list: ticket shown as Collaboration, otherwise the type in words, each
 * capitalised ("Solution Support", not "Solution_support"), JSON as the acronym it is.
 */
export function documentTypeListLabel(type: string): string {
  if (type === 'ticket') return 'Collaboration';
  if (type === 'json') return 'JSON';
  return type
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

export const DOCUMENT_STATUSES = ['approved', 'pending', 'rejected'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

export const DOCUMENT_DEFAULTS = {
  support_hours: '7/24/365',
  product_supported: 'All',
  document_type: 'ticket',
  status: 'approved',
} as const;

export const REQUIREMENT_TYPES = [
  'hidden',
  'integer',
  'phone',
  'select',
  'string',
  'text',
  'url',
  'email',
  'tierselect',
  'groupselect',
  'db_select',
  'copy',
  'timezone',
] as const;
export type RequirementType = (typeof REQUIREMENT_TYPES)[number];

export const REQUIREMENT_SECTIONS = ['common_customer_section', 'problem_section', 'contact_section'] as const;
export type RequirementSection = (typeof REQUIREMENT_SECTIONS)[number];

/** Section title for the common customer section when the version sets none. */
export function commonCustomerSectionTitle(type: string, customTitle?: string | null): string {
  if (customTitle) return customTitle;
  return type === 'ticket' ? 'Common Customer Contact' : 'Additional Information';
}

export const MANAGER_USER_TYPES = ['main', 'alternate'] as const;
export type ManagerUserType = (typeof MANAGER_USER_TYPES)[number];

export const FILE_KINDS = ['file', 'url'] as const;

/** Slugs of the e-mail templates the product sends (editable by super admins). */
export const EMAIL_TEMPLATE_SLUGS = [
  'new_receiving_member',
  'manager-request',
  'information-requested',
  'information-supplied',
  'case-accepted',
  'case-rejected',
  'case-closed',
  'login-link',
  'password-reset',
  'account-verification',
  'registration-approval-request',
  'registration-approved',
  'registration-rejected',
  'collaborate-invite',
  'missing-partner',
  'onboarding-status',
  'onboarding-saved',
  'onboarding-received',
  'onboarding-approved',
  'onboarding-rejected',
  'case-late',
  'email-change-confirm',
  'email-change-notice',
  'change-request',
  'webhook-disabled',
  'case-digest',
  'case-receipt',
  'case-assigned',
] as const;
export type EmailTemplateSlug = (typeof EMAIL_TEMPLATE_SLUGS)[number];
