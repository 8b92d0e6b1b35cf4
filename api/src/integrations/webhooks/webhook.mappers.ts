import type { CaseEventType, WebhookDeliveryShape, WebhookEndpointShape } from '@casebridge/contracts';
import type { WebhookDelivery, WebhookEndpoint } from '@casebridge/db';

export function toWebhookDelivery(delivery: WebhookDelivery): WebhookDeliveryShape {
  return {
    id: delivery.id,
    event: delivery.eventType,
    status: delivery.status,
    attempts: delivery.attempts,
    response_code: delivery.responseCode,
    last_attempt_at: delivery.lastAttemptAt?.toISOString() ?? null,
    duration_ms: delivery.durationMs,
    error: delivery.error,
    created_at: delivery.createdAt.toISOString(),
    delivered_at: delivery.deliveredAt?.toISOString() ?? null,
  };
}

/** The endpoint as its company sees it; the secret is never part of it. */
export function toWebhookEndpoint(endpoint: WebhookEndpoint, deliveries: WebhookDelivery[]): WebhookEndpointShape {
  return {
    id: endpoint.id,
    url: endpoint.url,
    events: endpoint.events ? (endpoint.events as CaseEventType[]) : null,
    active: endpoint.active,
    failing_since: endpoint.failingSince?.toISOString() ?? null,
    disabled_at: endpoint.disabledAt?.toISOString() ?? null,
    disabled_reason: endpoint.disabledReason,
    created_at: endpoint.createdAt.toISOString(),
    deliveries: deliveries.map(toWebhookDelivery),
  };
}
