import type { EmailTemplateSlug } from './constants/documents';

/** BullMQ queue names shared by api (producer) and worker (consumer). */
export const QUEUES = {
  mail: 'mail',
  exports: 'exports',
  attachments: 'attachments',
  retention: 'retention',
  notifications: 'notifications',
  sla: 'sla',
  digest: 'digest',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/**
 * A mail to send: the worker renders the stored template `template` with `variables` and sends it.
 * `dedupeKey` becomes the job id, so the same mail is never queued (and so never sent) twice.
 */
export interface MailJob {
  template: EmailTemplateSlug;
  to: string[];
  cc?: string[];
  bcc?: string[];
  variables: Record<string, string>;
  dedupeKey: string;
}

export const JOB_NAMES = {
  sendMail: 'send-mail',
} as const;
