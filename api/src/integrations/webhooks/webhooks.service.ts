import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  type CreateWebhookBody,
  WEBHOOK_RECENT_DELIVERIES,
  type WebhookEndpointResponse,
  type WebhookListResponse,
  type WebhookSecretResponse,
  WEBHOOK_ROTATION_GRACE_HOURS,
} from '@casebridge/contracts';
import { WebhookDelivery, WebhookEndpoint } from '@casebridge/db';
import { outboundTargetProblem, type ServerConfig } from '@casebridge/server-core';
import { EntityManager } from '@mikro-orm/postgresql';
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { Actor } from '../../platform/access/actor';
import { ValidationException } from '../../platform/common/errors';
import { SERVER_CONFIG } from '../../platform/config/config.module';
import { toWebhookEndpoint } from './webhook.mappers';

/** More endpoints than this per company is almost certainly a script gone wrong. */
const MAX_ENDPOINTS_PER_COMPANY = 10;

/**
 * A company's webhook endpoints. Company admins manage only their own company's endpoints; another company's id
 * answers 404 as if it did not exist. The signing secret is returned on creation and rotation only.
 */
@Injectable()
export class WebhooksService {
  constructor(
    private readonly em: EntityManager,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async list(actor: Actor): Promise<WebhookListResponse> {
    const endpoints = await this.em.find(WebhookEndpoint, { company: companyOf(actor) }, { orderBy: { id: 'asc' } });
    const shapes = await Promise.all(
      endpoints.map(async (endpoint) => toWebhookEndpoint(endpoint, await this.recentDeliveries(endpoint))),
    );
    return { endpoints: shapes };
  }

  async create(actor: Actor, body: z.output<typeof CreateWebhookBody>): Promise<WebhookSecretResponse> {
    // No internal address (SSRF); the worker checks again, on what the name resolves to when it delivers.
    const problem = await outboundTargetProblem(body.url, {
      allowPrivateTargets: this.config.OUTBOUND_ALLOW_PRIVATE_TARGETS,
    });
    if (problem) throw ValidationException.forField('url', problem);
    const count = await this.em.count(WebhookEndpoint, { company: companyOf(actor) });
    if (count >= MAX_ENDPOINTS_PER_COMPANY) {
      throw ValidationException.forField(
        'url',
        `A company may have at most ${MAX_ENDPOINTS_PER_COMPANY} webhook endpoints.`,
      );
    }
    const secret = newSecret();
    const endpoint = this.em.create(WebhookEndpoint, {
      company: companyOf(actor),
      url: body.url,
      events: body.events,
      secret,
    });
    await this.em.flush();
    return { endpoint: toWebhookEndpoint(endpoint, []), secret };
  }

  /** A new secret takes effect at once: deliveries still being retried are signed with it too. */
  async rotate(actor: Actor, id: number): Promise<WebhookSecretResponse> {
    const endpoint = await this.ownEndpoint(actor, id);
    const secret = newSecret();
    // The old secret keeps signing for a day, so the receiver can switch to the new one without missing a delivery.
    endpoint.previousSecret = endpoint.secret;
    endpoint.previousSecretExpiresAt = new Date(Date.now() + WEBHOOK_ROTATION_GRACE_HOURS * 3600_000);
    endpoint.secret = secret;
    await this.em.flush();
    return { endpoint: toWebhookEndpoint(endpoint, await this.recentDeliveries(endpoint)), secret };
  }

  /**
   * Turns an endpoint on again (the worker switched it off after failing for days): its failing state starts afresh,
   * so it gets a full period before it could be switched off again. Events of the time it was off were not queued
   * for it (the change feed has them); its deliveries failed meanwhile can be sent again (redeliver-failed). An
   * endpoint that is on stays as it is (a failing one keeps counting).
   */
  async enable(actor: Actor, id: number): Promise<WebhookEndpointResponse> {
    const endpoint = await this.ownEndpoint(actor, id);
    if (!endpoint.active) {
      endpoint.active = true;
      endpoint.failingSince = null;
      endpoint.disabledAt = null;
      endpoint.disabledReason = null;
      await this.em.flush();
    }
    return { endpoint: toWebhookEndpoint(endpoint, await this.recentDeliveries(endpoint)) };
  }

  async delete(actor: Actor, id: number): Promise<{ success: boolean }> {
    const endpoint = await this.ownEndpoint(actor, id);
    // Deliveries go with it (cascade); a queued delivery job then finds nothing and stops.
    await this.em.nativeDelete(WebhookEndpoint, { id: endpoint.id });
    return { success: true };
  }

  /** One of the caller's company's endpoints; another company's answers 404 as if it did not exist. */
  async ownEndpoint(actor: Actor, id: number): Promise<WebhookEndpoint> {
    const endpoint = await this.em.findOne(WebhookEndpoint, { id, company: companyOf(actor) });
    if (!endpoint) throw new NotFoundException('Webhook endpoint not found.');
    return endpoint;
  }

  /** The delivery log of one of the company's endpoints, newest first. */
  async deliveries(actor: Actor, id: number, limit: number): Promise<WebhookDelivery[]> {
    const endpoint = await this.ownEndpoint(actor, id);
    return this.em.find(WebhookDelivery, { endpoint }, { orderBy: { createdAt: 'desc', id: 'desc' }, limit });
  }

  private recentDeliveries(endpoint: WebhookEndpoint): Promise<WebhookDelivery[]> {
    return this.em.find(
      WebhookDelivery,
      { endpoint },
      { orderBy: { createdAt: 'desc', id: 'desc' }, limit: WEBHOOK_RECENT_DELIVERIES },
    );
  }
}

/** The company_admin guard guarantees a company. */
function companyOf(actor: Actor): number {
  if (actor.companyId === null) throw new NotFoundException('Webhook endpoint not found.');
  return actor.companyId;
}

/** 32 random bytes; the prefix makes a leaked secret recognisable in logs and scanners. */
function newSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}
