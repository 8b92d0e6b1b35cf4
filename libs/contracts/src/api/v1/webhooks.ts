import { z } from 'zod';
import { SuccessBody } from '../common';
import { endpoint } from '../endpoint';
import {
  CreateWebhookBody,
  RedeliverFailedBody,
  RedeliveredResponse,
  WebhookDeliveryShape,
  WebhookEndpointResponse,
  WebhookListResponse,
  WebhookSecretResponse,
} from '../webhooks';

export const CONNECT_WEBHOOK_MESSAGES = {
  refused: 'Webhooks are managed by company admins and API users (OAuth clients need the webhooks:manage scope).',
} as const;

export const WebhookDeliveriesQuery = z.object({
  limit: z.coerce
    .number({ error: 'The limit must be a number.' })
    .int('The limit must be a whole number.')
    .min(1, 'The limit must be at least 1.')
    .max(100, 'The limit may not be greater than 100.')
    .default(20),
});

export const WebhookDeliveriesResponse = z.object({
  /** Newest first. */
  data: z.array(WebhookDeliveryShape),
});

/**
 * The company's webhooks through the integration API (the Integrations page's calls): company admins and API users,
 * and OAuth clients with the webhooks:manage scope.
 */
export const connectWebhooksApi = {
  list: endpoint({
    method: 'GET',
    path: 'v1/webhooks',
    access: 'user',
    scope: 'webhooks:manage',
    summary: "The company's webhook endpoints with their newest deliveries",
    response: WebhookListResponse,
  }),
  create: endpoint({
    method: 'POST',
    path: 'v1/webhooks',
    access: 'user',
    scope: 'webhooks:manage',
    idempotent: 'key',
    summary: 'Add a webhook endpoint (an https URL, optional event types); the answer shows its signing secret once',
    body: CreateWebhookBody,
    response: WebhookSecretResponse,
  }),
  rotate: endpoint({
    method: 'POST',
    path: 'v1/webhooks/:id/rotate',
    access: 'user',
    scope: 'webhooks:manage',
    idempotent: 'key',
    summary: 'A new signing secret, shown once; the previous one signs too for 24 hours',
    response: WebhookSecretResponse,
  }),
  enable: endpoint({
    method: 'POST',
    path: 'v1/webhooks/:id/enable',
    access: 'user',
    scope: 'webhooks:manage',
    idempotent: 'key',
    summary: 'Turn an endpoint on again after it was switched off for failing; its failing state starts afresh',
    response: WebhookEndpointResponse,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: 'v1/webhooks/:id',
    access: 'user',
    scope: 'webhooks:manage',
    summary: 'Remove a webhook endpoint and its delivery log',
    response: SuccessBody,
  }),
  deliveries: endpoint({
    method: 'GET',
    path: 'v1/webhooks/:id/deliveries',
    access: 'user',
    scope: 'webhooks:manage',
    summary: 'The delivery log of an endpoint: status, response code, duration and error of each, newest first',
    query: WebhookDeliveriesQuery,
    response: WebhookDeliveriesResponse,
  }),
  redeliver: endpoint({
    method: 'POST',
    path: 'v1/webhooks/:id/deliveries/:deliveryId/redeliver',
    access: 'user',
    scope: 'webhooks:manage',
    idempotent: 'key',
    summary: 'Send one delivery again',
    response: RedeliveredResponse,
  }),
  redeliverFailed: endpoint({
    method: 'POST',
    path: 'v1/webhooks/:id/redeliver-failed',
    access: 'user',
    scope: 'webhooks:manage',
    idempotent: 'key',
    summary: 'Send every failed delivery since a time again',
    body: RedeliverFailedBody,
    response: RedeliveredResponse,
  }),
};
