/**
 * States and JSON shapes of stored records that the api, the worker and the web all read
 * (registration approval, one-time links, uploads, exports, webhooks).
 */
export const APPROVAL_STATUSES = ['approved', 'pending', 'rejected'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/** What a one-time link (stored as the sha256 of its raw token) is good for. */
export const ONE_TIME_TOKEN_PURPOSES = [
  'verification',
  'password_reset',
  'login_link',
  'auto_login',
  'registration_approval',
  'email_change',
] as const;
export type OneTimeTokenPurpose = (typeof ONE_TIME_TOKEN_PURPOSES)[number];

/** Case attachment on its way to the external collaboration service (not_required: kept by Casebridge). */
export const ATTACHMENT_UPLOAD_STATES = ['pending', 'uploading', 'done', 'failed', 'not_required'] as const;
export type AttachmentUploadState = (typeof ATTACHMENT_UPLOAD_STATES)[number];

export const EXPORT_JOB_STATUSES = ['queued', 'building', 'ready', 'failed', 'expired'] as const;
export type ExportJobStatus = (typeof EXPORT_JOB_STATUSES)[number];

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const ONBOARDING_PAYMENT_STATUSES = ['pending', 'paid', 'invoiced', 'failed'] as const;
export type OnboardingPaymentStatus = (typeof ONBOARDING_PAYMENT_STATUSES)[number];

/**
 * Shapes of Requirement.options / additional_settings per requirement type, as stored and seeded.
 * A version requirement may override both; its values win when set.
 */

/** select: a list of options; 'Other' with a free-text input unless allow_other is false. */
export interface SelectRequirementSettings {
  allow_other?: boolean;
}
export type SelectRequirementOptions = string[];

/** tierselect: main options each with sub options; the value is stored as 'main : sub'. */
export type TierSelectRequirementOptions = { label: string; options: string[] }[];
export interface TierSelectRequirementSettings {
  /** When `sub_option` is chosen, the field with code_label `field` becomes required or hidden. */
  linked_fields?: { sub_option: string; field: string; behaviour: 'required' | 'hidden' }[];
}

/** groupselect: each option names a group; only version requirements with that `group` are shown. */
export type GroupSelectRequirementOptions = { label: string; group: string }[];

/** db_select: options loaded with POST /api/caller/db_select_options { model, foreign_key }. */
export interface DbSelectRequirementSettings {
  model: string;
  foreign_key?: string | null;
}

/** copy: a read-only text the engineer can copy; hidden: a value sent with the case but never shown. */
export interface FixedValueRequirementSettings {
  value: string;
}
