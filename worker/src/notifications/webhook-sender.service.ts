import { WEBHOOK_HEADERS } from '@casebridge/contracts';
import { WebhookDelivery } from '@casebridge/db';
import { legacyWebhookSignature, ServerConfig, webhookSignatureHeader } from '@casebridge/server-core';
import { CreateRequestContext, MikroORM } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import { SERVER_CONFIG } from '../config/tokens';
import { postToUserTarget } from './user-target-http';

export class WebhookDeliveryFailed extends Error {}

/**
 * Sends one delivery, signed with the endpoint's current secret, and with the previous one too while a rotation's
 * grace lasts (a rotation applies to retries too).
 * A 2xx answer delivers it; anything else counts an attempt and throws so BullMQ retries with backoff,
 * and the last attempt leaves the row 'failed'. A delivered row is never sent again. A target the address policy
 * refuses (an internal address, however the URL got stored) fails the row at once, without retries.
 */
@Injectable()
export class WebhookSenderService {
  constructor(
    private readonly orm: MikroORM,
    private readonly em: EntityManager,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
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
    const now = new Date();
    const secrets = [endpoint.secret];
    if (endpoint.previousSecret && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now) {
      secrets.push(endpoint.previousSecret);
    }
    const started = Date.now();
    const result = await postToUserTarget(
      endpoint.url,
      {
        body,
        headers: {
          'Content-Type': 'application/json',
          'User-Agent': 'Casebridge-Webhooks',
          [WEBHOOK_HEADERS.timestampedSignature]: webhookSignatureHeader(
            secrets,
            body,
            Math.floor(now.getTime() / 1000),
          ),
          [WEBHOOK_HEADERS.signature]: legacyWebhookSignature(endpoint.secret, body),
          [WEBHOOK_HEADERS.event]: delivery.eventType,
          [WEBHOOK_HEADERS.delivery]: String(delivery.id),
        },
      },
      (status) => status >= 200 && status < 300,
      { allowPrivateTargets: this.config.OUTBOUND_ALLOW_PRIVATE_TARGETS },
    );
    const refused = 'refused' in result;

    delivery.attempts += 1;
    delivery.responseCode = result.status;
    delivery.durationMs = Date.now() - started;
    delivery.lastAttemptAt = now;
    delivery.error = result.ok ? null : result.error.slice(0, 500);
    if (result.ok) {
      delivery.status = 'delivered';
      delivery.deliveredAt = new Date();
    } else if (finalAttempt || refused) {
      delivery.status = 'failed';
    }
    await this.em.flush();
    if (result.ok) return 'delivered';
    const failure = `Webhook ${delivery.id} to ${endpoint.url}: ${result.error}`;
    // No retry can make a refused address acceptable.
    throw refused ? new UnrecoverableError(failure) : new WebhookDeliveryFailed(failure);
  }
}
