import { WEBHOOK_HEADERS } from '@casebridge/contracts';
import { WebhookDelivery } from '@casebridge/db';
import { CreateRequestContext, MikroORM } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { createHmac } from 'node:crypto';
import { postOutbound } from './outbound-http';

/** The X-Casebridge-Signature value: HMAC-SHA256 of the exact body bytes, keyed with the endpoint's secret. */
export function signWebhookBody(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;
}

export class WebhookDeliveryFailed extends Error {}

/**
 * Sends one delivery, signed with the endpoint's current secret (a rotation applies to retries too).
 * A 2xx answer delivers it; anything else counts an attempt and throws so BullMQ retries with backoff,
 * and the last attempt leaves the row 'failed'. A delivered row is never sent again.
 */
@Injectable()
export class WebhookSenderService {
  constructor(
    private readonly orm: MikroORM,
    private readonly em: EntityManager,
  ) {}

  @CreateRequestContext()
  async deliver(deliveryId: number, finalAttempt: boolean): Promise<string> {
    // Endpoint deleted (its deliveries cascade) or switched off: nothing to send.
    const delivery = await this.em.findOne(WebhookDelivery, deliveryId, { populate: ['endpoint'] });
    if (!delivery) return 'gone';
    if (delivery.status === 'delivered') return 'already-delivered';
    const endpoint = delivery.endpoint;
    if (!endpoint.active) return 'endpoint-inactive';

    const body = JSON.stringify(delivery.payload);
    const result = await postOutbound(
      endpoint.url,
      {
        body,
        headers: {
          'Content-Type': 'application/json',
          'User-Agent': 'Casebridge-Webhooks',
          [WEBHOOK_HEADERS.signature]: signWebhookBody(endpoint.secret, body),
          [WEBHOOK_HEADERS.event]: delivery.eventType,
          [WEBHOOK_HEADERS.delivery]: String(delivery.id),
        },
      },
      (status) => status >= 200 && status < 300,
    );

    delivery.attempts += 1;
    delivery.responseCode = result.status;
    if (result.ok) {
      delivery.status = 'delivered';
      delivery.deliveredAt = new Date();
    } else if (finalAttempt) {
      delivery.status = 'failed';
    }
    await this.em.flush();
    if (!result.ok) throw new WebhookDeliveryFailed(`Webhook ${delivery.id} to ${endpoint.url}: ${result.error}`);
    return 'delivered';
  }
}
