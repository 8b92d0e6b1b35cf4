import type { CaseEventType, WebhookDeliveryStatus } from '@casebridge/contracts';

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
