import { z } from 'zod';
import { CASE_EVENT_TYPES } from '../constants/cases';
import { WEBHOOK_DELIVERY_STATUSES } from '../constants/record-states';
import { SuccessBody } from './common';
import { endpoint } from './endpoint';
import type { FeedEvent } from './v1/events';

/** How many recent deliveries the endpoint list shows per endpoint. */
export const WEBHOOK_RECENT_DELIVERIES = 20;

/**
 * Hosts a URL may name over plain http (local receivers); the server accepts them only when the operator allows
 * private targets (OUTBOUND_ALLOW_PRIVATE_TARGETS), and refuses internal addresses of any kind otherwise.
 */
export const WEBHOOK_LOCAL_HOSTS = ['127.0.0.1', 'localhost'] as const;

export const webhookUrlField = z
  .string({ error: 'The url field is required.' })
  .trim()
  .min(1, 'The url field is required.')
  .max(1000, 'The url may not be greater than 1000 characters.')
  .refine((value) => {
    try {
      const url = new URL(value);
      if (url.username || url.password) return false;
      if (url.protocol === 'https:') return true;
      return url.protocol === 'http:' && (WEBHOOK_LOCAL_HOSTS as readonly string[]).includes(url.hostname);
    } catch {
      return false;
    }
  }, 'The url must be an https:// address.');

export const CreateWebhookBody = z.object({
  url: webhookUrlField,
  /** Case event types to receive; absent, null or empty means all of them. */
  events: z
    .array(z.enum(CASE_EVENT_TYPES, { error: 'Unknown event type.' }))
    .max(CASE_EVENT_TYPES.length)
    .nullish()
    .transform((events) => (events && events.length > 0 ? [...new Set(events)] : null)),
});
export type CreateWebhookBody = z.input<typeof CreateWebhookBody>;

export const WebhookDeliveryShape = z.object({
  id: z.number(),
  event: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number(),
  response_code: z.number().nullable(),
  /** The last attempt: when, how long it took, and why it failed (null once delivered). */
  last_attempt_at: z.string().nullable(),
  duration_ms: z.number().nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
  delivered_at: z.string().nullable(),
});
export type WebhookDeliveryShape = z.infer<typeof WebhookDeliveryShape>;

export const WebhookEndpointShape = z.object({
  id: z.number(),
  url: z.string(),
  /** null: every case event. */
  events: z.array(z.enum(CASE_EVENT_TYPES)).nullable(),
  /** false once switched off (disabled_at, disabled_reason say when and why); enable turns it on again. */
  active: z.boolean(),
  /** Since when every delivery has failed (the first failure after the last success); null while healthy. */
  failing_since: z.string().nullable(),
  disabled_at: z.string().nullable(),
  /** Why it was switched off, in words ("Disabled after failing for 3 days"). */
  disabled_reason: z.string().nullable(),
  created_at: z.string(),
  /** The newest first, at most WEBHOOK_RECENT_DELIVERIES. */
  deliveries: z.array(WebhookDeliveryShape),
});
export type WebhookEndpointShape = z.infer<typeof WebhookEndpointShape>;

export const WebhookListResponse = z.object({ endpoints: z.array(WebhookEndpointShape) });
export type WebhookListResponse = z.infer<typeof WebhookListResponse>;

export const WebhookEndpointResponse = z.object({ endpoint: WebhookEndpointShape });
export type WebhookEndpointResponse = z.infer<typeof WebhookEndpointResponse>;

/** The reason an endpoint shows once the worker switched it off for failing `hours` in a row. */
export function webhookDisabledReason(hours: number): string {
  const span = hours % 24 === 0 ? countOf(hours / 24, 'day') : countOf(hours, 'hour');
  return `Disabled after failing for ${span}`;
}
const countOf = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

export const RedeliverFailedBody = z.object({
  /** Every failed delivery of the endpoint made since this instant is sent again. */
  since: z.iso.datetime({ offset: true, error: 'The since field must be a date and time (ISO 8601).' }),
});
export type RedeliverFailedBody = z.input<typeof RedeliverFailedBody>;

export const RedeliveredResponse = z.object({ redelivered: z.number() });

/** The signing secret is shown here and nowhere else: on creation and on rotation. */
export const WebhookSecretResponse = z.object({ endpoint: WebhookEndpointShape, secret: z.string() });
export type WebhookSecretResponse = z.infer<typeof WebhookSecretResponse>;

/**
 * What a receiver gets for each case event: the entry as the company's change feed has it (GET /api/v1/events:
 * id, cursor, case token, seq, type, the change itself), plus `event` (the type, as receivers of the first version
 * read it). Each case's deliveries come in seq order, different cases' in any order: a receiver applies an entry
 * once by (case, seq) and, after an outage or a gap, pages the feed from the feed's cursor it kept. Headers:
 * Casebridge-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body">> (one v1 per valid secret while a
 * rotation's grace lasts), X-Casebridge-Signature: sha256=<hex HMAC of the body> (first version, no time),
 * X-Casebridge-Event: <type>, X-Casebridge-Delivery: <delivery id>.
 */
export type WebhookPayload = FeedEvent & { event: string };
export const WEBHOOK_HEADERS = {
  timestampedSignature: 'Casebridge-Signature',
  signature: 'X-Casebridge-Signature',
  event: 'X-Casebridge-Event',
  delivery: 'X-Casebridge-Delivery',
} as const;

/** How long the previous signing secret keeps signing after a rotation, so receivers can switch without a gap. */
export const WEBHOOK_ROTATION_GRACE_HOURS = 24;

/** Signed webhooks of a company (company administrators). */
export const webhooksApi = {
  list: endpoint({
    method: 'GET',
    path: 'webhooks',
    access: 'company_admin',
    summary: "My company's webhook endpoints with their last deliveries",
    response: WebhookListResponse,
  }),
  create: endpoint({
    method: 'POST',
    path: 'webhooks',
    access: 'company_admin',
    summary: 'Add a webhook endpoint; the answer shows its signing secret once',
    body: CreateWebhookBody,
    response: WebhookSecretResponse,
  }),
  rotate: endpoint({
    method: 'POST',
    path: 'webhooks/:id/rotate',
    access: 'company_admin',
    summary: 'Replace the signing secret of an endpoint; the answer shows the new secret once',
    response: WebhookSecretResponse,
  }),
  enable: endpoint({
    method: 'POST',
    path: 'webhooks/:id/enable',
    access: 'company_admin',
    summary: 'Turn an endpoint on again (after it was switched off for failing); its failing state starts afresh',
    response: WebhookEndpointResponse,
  }),
  redeliver: endpoint({
    method: 'POST',
    path: 'webhooks/:id/deliveries/:deliveryId/redeliver',
    access: 'company_admin',
    summary: 'Send one delivery again (delivered or failed), with the current signing secret',
    response: RedeliveredResponse,
  }),
  redeliverFailed: endpoint({
    method: 'POST',
    path: 'webhooks/:id/redeliver-failed',
    access: 'company_admin',
    summary: 'Send every failed delivery of the endpoint made since a time again',
    body: RedeliverFailedBody,
    response: RedeliveredResponse,
  }),
  delete: endpoint({
    method: 'POST',
    path: 'webhooks/:id/delete',
    access: 'company_admin',
    summary: 'Remove a webhook endpoint and its delivery history',
    response: SuccessBody,
  }),
} as const;
