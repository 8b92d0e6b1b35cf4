import type { CaseEventType, ConnectScope, WebhookDeliveryStatus } from '@casebridge/contracts';

/** "information_requested" -> "Information requested". */
export function eventLabel(event: CaseEventType | string): string {
  const words = event.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const DELIVERY_STATUS_LABELS: Record<WebhookDeliveryStatus, string> = {
  pending: 'Pending',
  delivered: 'Delivered',
  failed: 'Failed',
};

export const SCOPE_LABELS: Record<ConnectScope, string> = {
  'cases:read': 'cases:read: read cases, partners, forms and the change feed',
  'cases:write': 'cases:write: submit and answer cases, write notes, upload files',
  'webhooks:manage': 'webhooks:manage: manage webhooks and their deliveries',
};
