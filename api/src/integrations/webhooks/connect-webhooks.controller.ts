import { Controller, ForbiddenException } from '@nestjs/common';
import {
  API,
  CONNECT_WEBHOOK_MESSAGES,
  isCompanyAdminRole,
  type CreateWebhookBody,
  type RedeliverFailedBody,
  type WebhookDeliveriesQuery,
} from '@casebridge/contracts';
import type { z } from 'zod';
import type { Actor } from '../../platform/access/actor';
import { CurrentActor } from '../../platform/access/current-actor.decorator';
import { IdParam, Route, ValidBody, ValidQuery } from '../../platform/common/contract-route';
import { toWebhookDelivery } from './webhook.mappers';
import { WebhookRedeliveryService } from './webhook-redelivery.service';
import { WebhooksService } from './webhooks.service';

/**
 * The company's webhooks through the integration API (/api/v1/webhooks): the same services as the Integrations
 * page. Company admins and API users may (an OAuth client acts as an API user, and the guard has checked its
 * webhooks:manage scope); a member of another role may not.
 */
@Controller()
export class ConnectWebhooksController {
  constructor(
    private readonly webhooks: WebhooksService,
    private readonly redelivery: WebhookRedeliveryService,
  ) {}

  @Route(API.connectWebhooks.list)
  list(@CurrentActor() actor: Actor) {
    return this.webhooks.list(manager(actor));
  }

  @Route(API.connectWebhooks.create)
  create(@CurrentActor() actor: Actor, @ValidBody() body: z.output<typeof CreateWebhookBody>) {
    return this.webhooks.create(manager(actor), body);
  }

  @Route(API.connectWebhooks.rotate)
  rotate(@CurrentActor() actor: Actor, @IdParam('id') id: number) {
    return this.webhooks.rotate(manager(actor), id);
  }

  @Route(API.connectWebhooks.enable)
  enable(@CurrentActor() actor: Actor, @IdParam('id') id: number) {
    return this.webhooks.enable(manager(actor), id);
  }

  @Route(API.connectWebhooks.remove)
  remove(@CurrentActor() actor: Actor, @IdParam('id') id: number) {
    return this.webhooks.delete(manager(actor), id);
  }

  @Route(API.connectWebhooks.deliveries)
  async deliveries(
    @CurrentActor() actor: Actor,
    @IdParam('id') id: number,
    @ValidQuery() query: z.output<typeof WebhookDeliveriesQuery>,
  ) {
    return { data: (await this.webhooks.deliveries(manager(actor), id, query.limit)).map(toWebhookDelivery) };
  }

  @Route(API.connectWebhooks.redeliver)
  redeliver(@CurrentActor() actor: Actor, @IdParam('id') id: number, @IdParam('deliveryId') deliveryId: number) {
    return this.redelivery.redeliverOne(manager(actor), id, deliveryId);
  }

  @Route(API.connectWebhooks.redeliverFailed)
  redeliverFailed(
    @CurrentActor() actor: Actor,
    @IdParam('id') id: number,
    @ValidBody() body: z.output<typeof RedeliverFailedBody>,
  ) {
    return this.redelivery.redeliverFailed(manager(actor), id, body);
  }
}

/** The caller, when it may manage the company's webhooks. */
function manager(actor: Actor): Actor {
  if (actor.companyId !== null && (isCompanyAdminRole(actor.role) || actor.role === 'api')) return actor;
  throw new ForbiddenException(CONNECT_WEBHOOK_MESSAGES.refused);
}
