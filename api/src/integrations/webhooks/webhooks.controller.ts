import { Controller } from '@nestjs/common';
import { API, type CreateWebhookBody, type RedeliverFailedBody } from '@casebridge/contracts';
import type { z } from 'zod';
import type { Actor } from '../../platform/access/actor';
import { CurrentActor } from '../../platform/access/current-actor.decorator';
import { IdParam, Route, ValidBody } from '../../platform/common/contract-route';
import { WebhookRedeliveryService } from './webhook-redelivery.service';
import { WebhooksService } from './webhooks.service';

/** Company admins' signed webhook endpoints. */
@Controller()
export class WebhooksController {
  constructor(
    private readonly webhooks: WebhooksService,
    private readonly redelivery: WebhookRedeliveryService,
  ) {}

  @Route(API.webhooks.list)
  list(@CurrentActor() actor: Actor) {
    return this.webhooks.list(actor);
  }

  @Route(API.webhooks.create)
  create(@CurrentActor() actor: Actor, @ValidBody() body: z.output<typeof CreateWebhookBody>) {
    return this.webhooks.create(actor, body);
  }

  @Route(API.webhooks.rotate)
  rotate(@CurrentActor() actor: Actor, @IdParam('id') id: number) {
    return this.webhooks.rotate(actor, id);
  }

  @Route(API.webhooks.enable)
  enable(@CurrentActor() actor: Actor, @IdParam('id') id: number) {
    return this.webhooks.enable(actor, id);
  }

  @Route(API.webhooks.redeliver)
  redeliver(@CurrentActor() actor: Actor, @IdParam('id') id: number, @IdParam('deliveryId') deliveryId: number) {
    return this.redelivery.redeliverOne(actor, id, deliveryId);
  }

  @Route(API.webhooks.redeliverFailed)
  redeliverFailed(
    @CurrentActor() actor: Actor,
    @IdParam('id') id: number,
    @ValidBody() body: z.output<typeof RedeliverFailedBody>,
  ) {
    return this.redelivery.redeliverFailed(actor, id, body);
  }

  @Route(API.webhooks.delete)
  delete(@CurrentActor() actor: Actor, @IdParam('id') id: number) {
    return this.webhooks.delete(actor, id);
  }
}
