import { z } from 'zod';

/**
 * Jobs that talk to services outside Casebridge: attachment forwarding (QUEUES.attachments), webhooks and
 * Microsoft Teams cards (QUEUES.notifications). Job ids make every job unique, so nothing is sent twice.
 */
export const INTEGRATION_JOB_NAMES = {
  /** Forward one stored attachment to the external collaboration service. */
  forwardAttachment: 'forward-attachment',
  /** A committed case event: the worker finds its webhook endpoints and Teams groups and queues one job each. */
  caseEvent: 'case-event',
  deliverWebhook: 'deliver-webhook',
  postTeamsCard: 'post-teams-card',
  /** The sandbox partner answers one event of a case sent to it (contracts/sandbox.ts), queued by the fan-out. */
  sandboxAnswer: 'sandbox-answer',
} as const;

export interface ForwardAttachmentJob {
  attachmentId: number;
}
export interface CaseEventJob {
  caseEventId: number;
}
export interface WebhookDeliveryJob {
  deliveryId: number;
}
export interface TeamsCardJob {
  communityId: number;
  caseEventId: number;
}
export interface SandboxAnswerJob {
  caseEventId: number;
}

export const attachmentJobId = (attachmentId: number) => `attachment.${attachmentId}`;
export const caseEventJobId = (caseEventId: number) => `case-event.${caseEventId}`;
export const webhookJobId = (endpointId: number, caseEventId: number) => `webhook.${endpointId}.${caseEventId}`;
export const webhookRedeliveryJobId = (deliveryId: number, attempts: number) =>
  `webhook-redelivery.${deliveryId}.${attempts}`;
export const teamsJobId = (communityId: number, caseEventId: number) => `teams.${communityId}.${caseEventId}`;
export const sandboxAnswerJobId = (caseEventId: number) => `sandbox-answer.${caseEventId}`;

export interface RetryPolicy {
  attempts: number;
  /** First retry delay in ms; each further retry waits twice as long. */
  delayMs: number;
}

const positive = (fallback: number) => z.coerce.number().int().min(1).default(fallback);
const RetryEnv = z.object({
  /** 8 tries over about 10 minutes (5 s, 10 s, ... 320 s). */
  ATTACHMENT_UPLOAD_ATTEMPTS: positive(8),
  ATTACHMENT_UPLOAD_BACKOFF_MS: positive(5000),
  /**
   * Webhooks and Teams cards: 15 tries over about 3.8 days (10 s, 20 s, ... 45 hours), so a receiver that is down
   * for a weekend still gets every delivery.
   */
  WEBHOOK_DELIVERY_ATTEMPTS: positive(15),
  WEBHOOK_BACKOFF_MS: positive(10000),
  /** An endpoint whose every delivery failed for this long is switched off, and its company admins are mailed. */
  WEBHOOK_DISABLE_AFTER_HOURS: positive(72),
  /**
   * A delivery waiting for an earlier one of its case is started again when that one ends; in case that signal is
   * missed it looks again after this long, doubling on each wait up to an hour.
   */
  WEBHOOK_ORDER_RECHECK_MS: positive(5000),
});

/** Webhook deliveries: their retries, plus the order they keep and when a failing endpoint is switched off. */
export interface WebhookPolicy extends RetryPolicy {
  disableAfterHours: number;
  orderRecheckMs: number;
}

export interface RetryPolicies {
  attachments: RetryPolicy;
  webhooks: WebhookPolicy;
}

/** Retry policies from the environment (both the api and the worker read them), with a message naming a bad one. */
export function loadRetryPolicies(env: Record<string, string | undefined>): RetryPolicies {
  const parsed = RetryEnv.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const values = parsed.data;
  return {
    attachments: { attempts: values.ATTACHMENT_UPLOAD_ATTEMPTS, delayMs: values.ATTACHMENT_UPLOAD_BACKOFF_MS },
    webhooks: {
      attempts: values.WEBHOOK_DELIVERY_ATTEMPTS,
      delayMs: values.WEBHOOK_BACKOFF_MS,
      disableAfterHours: values.WEBHOOK_DISABLE_AFTER_HOURS,
      orderRecheckMs: values.WEBHOOK_ORDER_RECHECK_MS,
    },
  };
}

/** BullMQ options of a retried integration job (plain object: the contracts never import bullmq). */
export function integrationJobOptions(policy: RetryPolicy, jobId: string) {
  return {
    jobId,
    attempts: policy.attempts,
    backoff: { type: 'exponential', delay: policy.delayMs },
    // Kept a week so a repeated enqueue with the same id stays a no-op long after the job ran.
    removeOnComplete: { age: 7 * 24 * 3600 },
    // Failed jobs are kept for inspection.
    removeOnFail: false,
  } as const;
}
