/** Partner groups, also called communities. */
export const GROUP_TYPES = ['solution_support', 'partner_program', 'open_group'] as const;
export type GroupType = (typeof GROUP_TYPES)[number];
export const GROUP_TYPE_LABELS: Record<GroupType, string> = {
  solution_support: 'Solution Support',
  partner_program: 'Partner Program',
  open_group: 'Open Group',
};

export const GROUP_STATUSES = ['active', 'inactive'] as const;
export type GroupStatus = (typeof GROUP_STATUSES)[number];

/** Company-group relation: which users of the company see the group. */
export const USER_ACCESS_FLAGS = ['all', 'limit'] as const;
export type UserAccessFlag = (typeof USER_ACCESS_FLAGS)[number];

export const MEMBER_RELATIONSHIPS = ['many_to_many', 'one_to_many'] as const;
export type MemberRelationship = (typeof MEMBER_RELATIONSHIPS)[number];
export const MEMBER_RELATIONSHIP_LABELS: Record<MemberRelationship, string> = {
  many_to_many: 'See all Members',
  one_to_many: 'Only Sponsor',
};

export const GROUP_DOCUMENT_KINDS = ['file', 'url'] as const;
export type GroupDocumentKind = (typeof GROUP_DOCUMENT_KINDS)[number];

/** Accepted upload extensions for group documents. */
export const GROUP_DOCUMENT_EXTENSIONS = ['.xls', '.xlsx', '.doc', '.docx', '.pdf', '.jpg', '.jpeg', '.png'] as const;

export const CONTRACT_LENGTHS = ['one_year', 'three_years'] as const;
export type ContractLength = (typeof CONTRACT_LENGTHS)[number];
export const CONTRACT_LENGTH_LABELS: Record<ContractLength, string> = {
  one_year: 'One Year',
  three_years: 'Three Years (10% discount)',
};
export const PAYMENT_TYPES = ['credit_card', 'invoice'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

/** Default SLA response times in hours when a group sets none (P1, P2, P3). */
export const DEFAULT_RESPONSE_TIME_HOURS = { high: 2, medium: 8, low: 24 } as const;

export const ONBOARDING_STEPS = [
  'contact',
  'agreements',
  'process',
  'choose-process',
  'basic-premium',
  'success',
] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];
export const ONBOARDING_STATUSES = [
  'in_progress',
  'saved_for_later',
  'pending_review',
  'approved',
  'rejected',
] as const;
export type OnboardingStatus = (typeof ONBOARDING_STATUSES)[number];
