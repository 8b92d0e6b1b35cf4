import { WEBHOOK_HEADERS } from '@casebridge/contracts';
import { WebhookDelivery, type WebhookEndpoint } from '@casebridge/db';
import { legacyWebhookSignature, ServerConfig, webhookSignatureHeader } from '@casebridge/server-core';
import { CreateRequestContext, MikroORM } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import { SERVER_CONFIG } from '../config/tokens';
import type { RunningJob } from '../jobs/park-job';
import { postToUserTarget, type UserTargetResult } from './user-target-http';
import { WebhookEndpointHealth } from './webhook-endpoint-health';
import { WebhookOrder } from './webhook-order';

export class WebhookDeliveryFailed extends Error {}

/** What the row of a delivery sent to a switched-off endpoint says. */
export const ENDPOINT_OFF_ERROR = 'Not sent: the endpoint is switched off.';

/**
 * Sends one delivery, signed with the endpoint's current secret, and with the previous one too while a rotation's
 * grace lasts (a rotation applies to retries too).
 * A 2xx answer delivers it; anything else counts an attempt and throws so BullMQ retries with backoff,
 * and the last attempt leaves the row 'failed'. Only a pending row is sent: a delivered or failed one is sent again
 * only on request (which makes it pending first). A target the address policy refuses (an internal address, however
 * the URL got stored) fails the row at once, without retries.
 * Run as a job, a first send waits for the earlier deliveries of its case (WebhookOrder); a send on request does
 * not. Every attempt tells the endpoint's health, which may switch the endpoint off.
 */
@Injectable()
export class WebhookSenderService {
  constructor(
    private readonly orm: MikroORM,
    private readonly em: EntityManager,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
    private readonly order: WebhookOrder,
    private readonly health: WebhookEndpointHealth,
  ) {}

  @CreateRequestContext()
  async deliver(deliveryId: number, finalAttempt: boolean, run?: RunningJob): Promise<string> {
    // Endpoint deleted (its deliveries cascade): nothing to send.
    const delivery = await this.em.findOne(WebhookDelivery, deliveryId, { populate: ['endpoint'] });
    if (!delivery) return 'gone';
    if (delivery.status !== 'pending') return `already-${delivery.status}`;
    const endpoint = delivery.endpoint;
    if (!endpoint.active) {
      // Decided, so that it holds back none of its case's later deliveries once the endpoint is on again.
      await this.em.nativeUpdate(
        WebhookDelivery,
        { id: delivery.id, status: 'pending' },
        { status: 'failed', error: ENDPOINT_OFF_ERROR },
      );
      return 'endpoint-inactive';
    }
    // A send on request is deliberate: it neither waits for the case's order nor holds it.
    const inOrder = delivery.redeliveredAt === null;
    if (run && inOrder) await this.order.waitForEarlier(this.em, delivery, run);

    const now = new Date();
    const started = Date.now();
    const result = await this.post(endpoint, delivery, now);
    const refused = 'refused' in result;
    const error = result.ok ? null : result.error.slice(0, 500);

    // The endpoint's row before the delivery's, in every transaction here: one order of locks, no deadlock with a
    // worker switching the endpoint off (which fails its pending deliveries). The common case, a delivery to a
    // healthy endpoint, is one statement: nothing of the endpoint to write (a failure recorded after it was read
    // here is cleared by the endpoint's next success).
    const clearsFailing = error === null && endpoint.failingSince !== null;
    const record = async (tx: EntityManager) => {
      if (clearsFailing) await this.health.succeeded(tx, endpoint.id);
      const switchedOff = error === null ? null : await this.health.failed(tx, endpoint, delivery.id, error, now);
      const ended = error === null ? 'delivered' : finalAttempt || refused || switchedOff ? 'failed' : null;
      await tx.nativeUpdate(
        WebhookDelivery,
        { id: delivery.id },
        {
          attempts: delivery.attempts + 1,
          responseCode: result.status,
          durationMs: Date.now() - started,
          lastAttemptAt: now,
          error,
          ...(ended ? { status: ended } : {}),
          ...(ended === 'delivered' ? { deliveredAt: new Date() } : {}),
        },
      );
      return switchedOff;
    };
    const disabledReason =
      error === null && !clearsFailing ? await record(this.em) : await this.em.transactional(record);
    if (inOrder && (result.ok || finalAttempt || refused || disabledReason)) {
      await this.order.releaseNext(this.em, delivery);
    }
    if (result.ok) return 'delivered';
    const failure = `Webhook ${delivery.id} to ${endpoint.url}: ${result.error}`;
    // No retry can make a refused address acceptable, nor reach a switched-off endpoint.
    if (disabledReason) throw new UnrecoverableError(`${failure} (endpoint switched off: ${disabledReason})`);
    throw refused ? new UnrecoverableError(failure) : new WebhookDeliveryFailed(failure);
  }

  private post(endpoint: WebhookEndpoint, delivery: WebhookDelivery, now: Date): Promise<UserTargetResult> {
    const body = JSON.stringify(delivery.payload);
    const secrets = [endpoint.secret];
    if (endpoint.previousSecret && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now) {
      secrets.push(endpoint.previousSecret);
    }
    return postToUserTarget(
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
  }
}
