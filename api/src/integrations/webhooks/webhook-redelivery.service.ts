import { Injectable, NotFoundException } from '@nestjs/common';
import type { RedeliverFailedBody } from '@casebridge/contracts';
import { WebhookDelivery } from '@casebridge/db';
import { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import type { Actor } from '../../platform/access/actor';
import { IntegrationJobsProducer } from './integration-jobs.producer';
import { WebhooksService } from './webhooks.service';

/** Most failed deliveries one request sends again; ask again with a later `since` for the rest. */
const MAX_REDELIVERIES = 1000;

/**
 * Sends deliveries again when a receiver was fixed: one (delivered or failed), or every failed one since a time.
 * A delivery goes back to pending and the worker sends it with its retries, signed with today's secrets. Such a
 * send is deliberate (redeliveredAt): it does not wait for its case's order, and holds none of its case back.
 */
@Injectable()
export class WebhookRedeliveryService {
  constructor(
    private readonly em: EntityManager,
    private readonly webhooks: WebhooksService,
    private readonly jobs: IntegrationJobsProducer,
  ) {}

  async redeliverOne(actor: Actor, endpointId: number, deliveryId: number): Promise<{ redelivered: number }> {
    const endpoint = await this.webhooks.ownEndpoint(actor, endpointId);
    const delivery = await this.em.findOne(WebhookDelivery, { id: deliveryId, endpoint });
    if (!delivery) throw new NotFoundException('Webhook delivery not found.');
    return this.redeliver([delivery]);
  }

  async redeliverFailed(
    actor: Actor,
    endpointId: number,
    body: z.output<typeof RedeliverFailedBody>,
  ): Promise<{ redelivered: number }> {
    const endpoint = await this.webhooks.ownEndpoint(actor, endpointId);
    const failed = await this.em.find(
      WebhookDelivery,
      { endpoint, status: 'failed', createdAt: { $gte: new Date(body.since) } },
      { orderBy: { id: 'asc' }, limit: MAX_REDELIVERIES },
    );
    return this.redeliver(failed);
  }

  private async redeliver(deliveries: WebhookDelivery[]): Promise<{ redelivered: number }> {
    if (deliveries.length === 0) return { redelivered: 0 };
    await this.em.nativeUpdate(
      WebhookDelivery,
      { id: { $in: deliveries.map((delivery) => delivery.id) } },
      { status: 'pending', deliveredAt: null, redeliveredAt: new Date() },
    );
    await this.jobs.redeliverWebhooks(deliveries.map(({ id, attempts }) => ({ id, attempts })));
    return { redelivered: deliveries.length };
  }
}
