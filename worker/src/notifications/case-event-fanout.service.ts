import {
  INTEGRATION_JOB_NAMES,
  integrationJobOptions,
  QUEUES,
  teamsJobId,
  webhookJobId,
  type CaseEventType,
  type ProducedJobName,
  type RetryPolicies,
  type TeamsCardJob,
  type WebhookDeliveryJob,
  type WebhookPayload,
} from '@casebridge/contracts';
import {
  CaseEvent,
  caseFeedEntriesOf,
  caseFeedMessages,
  Community,
  CompanyGroupRelation,
  DocumentGroup,
  encodeFeedCursor,
  WebhookDelivery,
  WebhookEndpoint,
} from '@casebridge/db';
import { CreateRequestContext, MikroORM } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable } from '@nestjs/common';
import { Queue } from 'bullmq';
import type { RunningJob } from '../jobs/park-job';
import { SandboxPartnerService } from '../sandbox/sandbox-partner.service';
import { RETRY_POLICIES } from './tokens';
import { WebhookOrder } from './webhook-order';

/** Events worth a card in a group's Teams channel: a new case, and a case past its response time. */
export const TEAMS_EVENT_TYPES: readonly CaseEventType[] = ['submitted', 'sla_late'];

/**
 * Turns one committed case event into its outbound jobs: a delivery (row + job) for every active endpoint of
 * either company of the case that wants this event type, and a Teams card for every Teams-enabled group the
 * receiver offers the case's process through. Job ids make a repeated fan-out harmless. Run as a job, it first
 * waits for the fan-out of the case's previous event, so a case's deliveries are made in seq order (WebhookOrder).
 */
@Injectable()
export class CaseEventFanoutService {
  constructor(
    // Read by @CreateRequestContext: each job works in a fresh, forked EntityManager.
    private readonly orm: MikroORM,
    private readonly em: EntityManager,
    @InjectQueue(QUEUES.notifications)
    private readonly queue: Queue<WebhookDeliveryJob | TeamsCardJob, unknown, ProducedJobName<'notifications'>>,
    @Inject(RETRY_POLICIES) private readonly retry: RetryPolicies,
    private readonly order: WebhookOrder,
    private readonly sandbox: SandboxPartnerService,
  ) {}

  @CreateRequestContext()
  async fanOut(caseEventId: number, run?: RunningJob): Promise<string> {
    const event = await this.em.findOne(CaseEvent, caseEventId, { populate: ['case'] });
    // The case was purged meanwhile: nobody is left to tell.
    if (!event) return 'gone';
    if (run) await this.order.waitForPreviousFanOut(this.em, event, run);
    return this.queueJobs(event);
  }

  /** The fan-out of `caseEventId` ended (its job completed or failed): the case's next event fans out now. */
  @CreateRequestContext()
  async releaseNext(caseEventId: number): Promise<void> {
    const event = await this.em.findOne(CaseEvent, caseEventId);
    if (event) await this.order.releaseNextFanOut(this.em, event);
  }

  private async queueJobs(event: CaseEvent): Promise<string> {
    // A sample submission only tries the form out: partners' integrations must not hear of it.
    if (event.case.isSample) return 'sample';
    // A case sent to the sandbox partner: its answer, a few seconds later (one job per event).
    const sandbox = (await this.sandbox.schedule(event)) ? ' sandbox=1' : '';

    const deliveries = await this.webhookDeliveries(event);
    for (const delivery of deliveries) {
      await this.queue.add(
        INTEGRATION_JOB_NAMES.deliverWebhook,
        { deliveryId: delivery.id },
        integrationJobOptions(this.retry.webhooks, webhookJobId(delivery.endpoint.id, event.id)),
      );
    }

    const groups = TEAMS_EVENT_TYPES.includes(event.type as CaseEventType) ? await this.teamsGroups(event) : [];
    for (const communityId of groups) {
      await this.queue.add(
        INTEGRATION_JOB_NAMES.postTeamsCard,
        { communityId, caseEventId: event.id },
        integrationJobOptions(this.retry.webhooks, teamsJobId(communityId, event.id)),
      );
    }
    return `webhooks=${deliveries.length} teams=${groups.length}${sandbox}`;
  }

  /** One delivery row per endpoint and event; a re-run finds the row it made before instead of adding one. */
  private async webhookDeliveries(event: CaseEvent): Promise<WebhookDelivery[]> {
    const kase = event.case;
    const companies = [...new Set([kase.submitterCompany.id, kase.receiverCompany.id])];
    const endpoints = (await this.em.find(WebhookEndpoint, { company: { $in: companies }, active: true })).filter(
      (endpoint) => !endpoint.events || endpoint.events.includes(event.type),
    );
    // Most companies have no endpoint: no payload to build then.
    if (endpoints.length === 0) return [];
    const payloads = await this.payloadsByCompany(event, companies);
    const deliveries: WebhookDelivery[] = [];
    for (const endpoint of endpoints) {
      const payload = payloads.get(endpoint.company.id);
      if (!payload) continue;
      const existing = await this.em.findOne(WebhookDelivery, {
        endpoint,
        payload: { case_token: payload.case_token, seq: payload.seq },
      });
      deliveries.push(existing ?? this.em.create(WebhookDelivery, { endpoint, eventType: event.type, payload }));
    }
    await this.em.flush();
    return deliveries;
  }

  /**
   * Each company's payload: the entry as its change feed shows it (its side's message, with the feed's id and
   * cursor), so a receiver can resume from the feed where its deliveries stopped.
   */
  private async payloadsByCompany(event: CaseEvent, companies: number[]): Promise<Map<number, WebhookPayload>> {
    const run = <T extends object>(sql: string, params: readonly unknown[]) => this.em.execute<T[]>(sql, [...params]);
    const entries = await caseFeedEntriesOf(run, event.id, companies);
    const messages = await caseFeedMessages(
      run,
      entries.map(({ entry }) => entry),
    );
    const payloads = new Map<number, WebhookPayload>();
    for (const { companyId, entry } of entries) {
      // Both sides share the entry's cursor; the direction tells their messages apart.
      const direction = entry.audience === 'submitter' ? 'outbound' : 'inbound';
      const cursor = encodeFeedCursor(entry.position);
      const message = messages.find((candidate) => candidate.cursor === cursor && candidate.direction === direction);
      if (message) payloads.set(companyId, { event: message.type, ...message });
    }
    return payloads;
  }

  /** Groups the receiver offers the case's process through (as a group document or its membership's document). */
  private async teamsGroups(event: CaseEvent): Promise<number[]> {
    const kase = event.case;
    const offered = await this.em.find(DocumentGroup, { document: kase.document });
    const memberships = await this.em.find(CompanyGroupRelation, {
      company: kase.receiverCompany,
      document: kase.document,
      isActive: true,
    });
    const ids = [...new Set([...offered, ...memberships].map((link) => link.community.id))];
    if (ids.length === 0) return [];
    const groups = await this.em.find(
      Community,
      { id: { $in: ids }, status: 'active', msteamsIntegration: true, msteamsWebhookUrl: { $ne: null } },
      { orderBy: { id: 'asc' } },
    );
    return groups.filter((group) => group.msteamsWebhookUrl?.trim()).map((group) => group.id);
  }
}
