import { z } from 'zod';
import { CASE_EVENT_TYPES } from '../constants/cases';
import { WEBHOOK_DELIVERY_STATUSES } from '../constants/record-states';
import { SuccessBody } from './common';
import { endpoint } from './endpoint';

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
  created_at: z.string(),
  delivered_at: z.string().nullable(),
});
export type WebhookDeliveryShape = z.infer<typeof WebhookDeliveryShape>;

export const WebhookEndpointShape = z.object({
  id: z.number(),
  url: z.string(),
  /** null: every case event. */
  events: z.array(z.enum(CASE_EVENT_TYPES)).nullable(),
  active: z.boolean(),
  created_at: z.string(),
  /** The newest first, at most WEBHOOK_RECENT_DELIVERIES. */
  deliveries: z.array(WebhookDeliveryShape),
});
export type WebhookEndpointShape = z.infer<typeof WebhookEndpointShape>;

export const WebhookListResponse = z.object({ endpoints: z.array(WebhookEndpointShape) });
export type WebhookListResponse = z.infer<typeof WebhookListResponse>;

/** The signing secret is shown here and nowhere else: on creation and on rotation. */
export const WebhookSecretResponse = z.object({ endpoint: WebhookEndpointShape, secret: z.string() });
export type WebhookSecretResponse = z.infer<typeof WebhookSecretResponse>;

/**
 * What a receiver gets for each case event: JSON body below, and the headers
 * X-Casebridge-Signature: sha256=<hex HMAC-SHA256 of the raw body with the endpoint's secret>,
 * X-Casebridge-Event: <event>, X-Casebridge-Delivery: <delivery id>.
 */
export interface WebhookPayload {
  event: string;
  case_token: string;
  seq: number;
  status: string;
  at: string;
  actor: string | null;
}
export const WEBHOOK_HEADERS = {
  signature: 'X-Casebridge-Signature',
  event: 'X-Casebridge-Event',
  delivery: 'X-Casebridge-Delivery',
} as const;

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
  delete: endpoint({
    method: 'POST',
    path: 'webhooks/:id/delete',
    access: 'company_admin',
    summary: 'Remove a webhook endpoint and its delivery history',
    response: SuccessBody,
  }),
} as const;
