import { z } from 'zod';
import type { CaseEventType } from '../../constants/cases';
import type { EmailTemplateSlug } from '../../constants/documents';
import { endpoint } from '../endpoint';

/**
 * Mail preferences: per user and kind of case event, a mail at once, a line in the daily digest, or nothing. Mails
 * someone must act on (the receiving process's respond links, escalations to managers, sign-in and password links)
 * are locked to immediate.
 */
export const MAIL_DELIVERIES = ['immediate', 'digest', 'off'] as const;
export type MailDelivery = (typeof MAIL_DELIVERIES)[number];

export const MAIL_KINDS = [
  'information_requests',
  'partner_answers',
  'status_changes',
  'sla_warnings',
  'notes',
  'attachments',
  'submission_receipts',
  'assignments',
  'receiver_requests',
  'manager_requests',
  'account_links',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export interface MailKindInfo {
  label: string;
  description: string;
  /** The choices a user has; one choice only means the kind is locked. */
  deliveries: readonly MailDelivery[];
  /** What a user who never chose gets: what the product did before preferences existed. */
  default: MailDelivery;
  /** Why a locked kind cannot be changed. */
  lockedReason?: string;
}

const ALL = MAIL_DELIVERIES;
/** Notes and attachments were never mailed one by one: they can join the digest, nothing more. */
const DIGEST_OR_OFF = ['digest', 'off'] as const;
const LOCKED = ['immediate'] as const;

export const MAIL_KIND_INFO: Record<MailKind, MailKindInfo> = {
  information_requests: {
    label: 'Information requests',
    description: 'A partner asks for more information on your case, or supplies what was asked.',
    deliveries: ALL,
    default: 'immediate',
  },
  partner_answers: {
    label: 'Partner answers',
    description: 'A partner accepts or rejects your case.',
    deliveries: ALL,
    default: 'immediate',
  },
  status_changes: {
    label: 'Status changes',
    description: 'A case is closed, its engineer or submission details change, or its owner changes.',
    deliveries: ALL,
    default: 'immediate',
  },
  sla_warnings: {
    label: 'SLA warnings',
    description: 'A case you escalate for is late.',
    deliveries: ALL,
    default: 'immediate',
  },
  notes: {
    label: 'Notes',
    description: 'Notes on the collaboration feed of cases you watch.',
    deliveries: DIGEST_OR_OFF,
    default: 'off',
  },
  attachments: {
    label: 'Attachments',
    description: 'Files added to cases you watch.',
    deliveries: DIGEST_OR_OFF,
    default: 'off',
  },
  submission_receipts: {
    label: 'Receipts of cases you send',
    description: 'A case you submitted reached its partner.',
    deliveries: ['immediate', 'off'],
    default: 'immediate',
  },
  assignments: {
    label: 'Cases assigned to you',
    description: 'Someone of your company makes you the owner of a case.',
    deliveries: ['immediate', 'off'],
    default: 'immediate',
  },
  receiver_requests: {
    label: 'New cases and supplied information',
    description: 'A case reaches your process, or its submitter supplies what you asked for.',
    deliveries: LOCKED,
    default: 'immediate',
    lockedReason: 'Someone waits for your answer: these mails carry the link to respond and always go out at once.',
  },
  manager_requests: {
    label: 'Manager escalations',
    description: 'A partner asks you, as a manager of a process, to look into a case.',
    deliveries: LOCKED,
    default: 'immediate',
    lockedReason: 'Someone waits for your answer: these mails carry the link to respond and always go out at once.',
  },
  account_links: {
    label: 'Sign-in and password links',
    description: 'Login links, password resets, account verification and e-mail changes.',
    deliveries: LOCKED,
    default: 'immediate',
    lockedReason: 'You need these links to get into your account: they always go out at once.',
  },
};

export function isLockedMailKind(kind: MailKind): boolean {
  return MAIL_KIND_INFO[kind].deliveries.length === 1;
}

/** The kind of each stored mail template that belongs to one (templates not listed are always sent). */
export const MAIL_KIND_OF_TEMPLATE: Partial<Record<EmailTemplateSlug, MailKind>> = {
  'information-requested': 'information_requests',
  'case-accepted': 'partner_answers',
  'case-rejected': 'partner_answers',
  'case-closed': 'status_changes',
  'case-late': 'sla_warnings',
  'case-receipt': 'submission_receipts',
  'case-assigned': 'assignments',
  new_receiving_member: 'receiver_requests',
  'information-supplied': 'receiver_requests',
  'manager-request': 'manager_requests',
  'login-link': 'account_links',
  'password-reset': 'account_links',
  'account-verification': 'account_links',
  'email-change-confirm': 'account_links',
};

/** The kind of each case-log entry the digest can list (entries of locked kinds are mailed at once instead). */
export const MAIL_KIND_OF_EVENT: Partial<Record<CaseEventType, MailKind>> = {
  information_requested: 'information_requests',
  information_supplied: 'information_requests',
  accepted: 'partner_answers',
  rejected: 'partner_answers',
  closed: 'status_changes',
  engineer_updated: 'status_changes',
  submission_updated: 'status_changes',
  assigned: 'status_changes',
  sla_late: 'sla_warnings',
  note_added: 'notes',
  attachment_added: 'attachments',
  attachment_uploaded: 'attachments',
  attachment_failed: 'attachments',
};

/** The entry types of the given kinds. */
export function eventTypesOfKinds(kinds: readonly MailKind[]): CaseEventType[] {
  return (Object.entries(MAIL_KIND_OF_EVENT) as [CaseEventType, MailKind][])
    .filter(([, kind]) => kinds.includes(kind))
    .map(([type]) => type);
}

/** The local hour from which a user's digest of the day goes out. */
export const DIGEST_LOCAL_HOUR = 7;

export const MAIL_PREFERENCE_MESSAGES = {
  unknownKind: 'This is not a kind of mail.',
  unknownDelivery: 'Choose immediately, in the daily digest, or not at all.',
  locked: 'These mails cannot be changed.',
  notOffered: 'These entries are not mailed one by one: choose the daily digest or nothing.',
  timeZone: 'Choose a time zone from the list.',
} as const;

/** Whether the runtime knows an IANA time zone name. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export const MailPreferenceRow = z.object({
  kind: z.enum(MAIL_KINDS),
  label: z.string(),
  description: z.string(),
  delivery: z.enum(MAIL_DELIVERIES),
  deliveries: z.array(z.enum(MAIL_DELIVERIES)),
  locked: z.boolean(),
  locked_reason: z.string().nullable(),
});
export type MailPreferenceRow = z.infer<typeof MailPreferenceRow>;

export const MailPreferencesResponse = z.object({
  /** IANA name; null means UTC. The digest goes out in this zone's morning. */
  time_zone: z.string().nullable(),
  preferences: z.array(MailPreferenceRow),
});
export type MailPreferencesResponse = z.infer<typeof MailPreferencesResponse>;

/** A change: the time zone and/or the delivery of some kinds (the others keep theirs). */
export const MailPreferencesBody = z
  .object({
    time_zone: z
      .string()
      .max(64)
      .nullish()
      .refine((zone) => !zone || isTimeZone(zone), MAIL_PREFERENCE_MESSAGES.timeZone),
    preferences: z.record(z.string(), z.unknown()).optional(),
  })
  .superRefine((body, ctx) => {
    for (const [kind, delivery] of Object.entries(body.preferences ?? {})) {
      const path = ['preferences', kind];
      if (!(MAIL_KINDS as readonly string[]).includes(kind)) {
        ctx.addIssue({ code: 'custom', path, message: MAIL_PREFERENCE_MESSAGES.unknownKind });
      } else if (typeof delivery !== 'string' || !(MAIL_DELIVERIES as readonly string[]).includes(delivery)) {
        ctx.addIssue({ code: 'custom', path, message: MAIL_PREFERENCE_MESSAGES.unknownDelivery });
      } else if (!MAIL_KIND_INFO[kind as MailKind].deliveries.includes(delivery as MailDelivery)) {
        const message = isLockedMailKind(kind as MailKind)
          ? MAIL_PREFERENCE_MESSAGES.locked
          : MAIL_PREFERENCE_MESSAGES.notOffered;
        ctx.addIssue({ code: 'custom', path, message });
      }
    }
  })
  .transform((body) => ({
    time_zone: body.time_zone,
    preferences: (body.preferences ?? {}) as Partial<Record<MailKind, MailDelivery>>,
  }));

export const mailPreferencesApi = {
  get: endpoint({
    method: 'GET',
    path: 'users/mail-preferences',
    access: 'user',
    summary: 'The signed-in user’s mail preferences per kind of case event, and their time zone',
    response: MailPreferencesResponse,
  }),
  update: endpoint({
    method: 'PUT',
    path: 'users/mail-preferences',
    access: 'user',
    summary: 'Change the delivery of some kinds of mail (locked kinds refuse) and/or the time zone',
    body: MailPreferencesBody,
    response: MailPreferencesResponse,
  }),
} as const;
