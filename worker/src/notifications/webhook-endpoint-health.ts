import {
  COMPANY_ADMIN_ROLES,
  JOB_NAMES,
  MAIL_JOB_OPTIONS,
  mailJobId,
  QUEUES,
  webhookDisabledReason,
  type MailJob,
  type ProducedJobName,
  type RetryPolicies,
} from '@casebridge/contracts';
import { Company, PICKABLE_USER, User, type WebhookEndpoint } from '@casebridge/db';
import { ServerConfig } from '@casebridge/server-core';
import { EntityManager } from '@mikro-orm/postgresql';
import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable } from '@nestjs/common';
import { Queue } from 'bullmq';
import { SERVER_CONFIG } from '../config/tokens';
import { RETRY_POLICIES } from './tokens';
import { webhookDisabledMail } from './webhook-disabled-mail';

/** The switch: only while the endpoint is on and its failing period is old enough, so one of racing workers wins. */
const DISABLE = `
  update webhook_endpoints set active = false, disabled_at = ?, disabled_reason = ?
  where id = ? and active = true and failing_since <= ?
  returning failing_since`;

/**
 * Whether an endpoint works: a failing period starts with the first failed attempt after the last delivered one
 * (webhook_endpoints.failing_since) and ends with the next delivered one. Once every attempt failed for
 * WEBHOOK_DISABLE_AFTER_HOURS, the next failure switches the endpoint off, fails its other pending deliveries (their
 * jobs then send nothing) and mails each active admin of its company once.
 */
@Injectable()
export class WebhookEndpointHealth {
  constructor(
    @InjectQueue(QUEUES.mail) private readonly mail: Queue<MailJob, unknown, ProducedJobName<'mail'>>,
    @Inject(RETRY_POLICIES) private readonly retry: RetryPolicies,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  /** A delivered attempt ends the failing period (written only when one runs). */
  async succeeded(em: EntityManager, endpointId: number): Promise<void> {
    await em.execute('update webhook_endpoints set failing_since = null where id = ? and failing_since is not null', [
      endpointId,
    ]);
  }

  /**
   * A failed attempt, in the transaction that records it. Returns the reason when this call switched the endpoint
   * off. The mails are queued before the commit with job ids naming the endpoint, its failing period and the admin:
   * a retry after a failed commit, or a second worker, queues nothing new.
   */
  async failed(
    em: EntityManager,
    endpoint: WebhookEndpoint,
    deliveryId: number,
    error: string,
    now: Date,
  ): Promise<string | null> {
    await em.execute('update webhook_endpoints set failing_since = ? where id = ? and failing_since is null', [
      now,
      endpoint.id,
    ]);
    const hours = this.retry.webhooks.disableAfterHours;
    const reason = webhookDisabledReason(hours);
    const cutoff = new Date(now.getTime() - hours * 3600_000);
    const [disabled] = await em.execute<{ failing_since: Date | string }[]>(DISABLE, [
      now,
      reason,
      endpoint.id,
      cutoff,
    ]);
    if (!disabled) return null;

    await em.execute(
      `update webhook_deliveries set status = 'failed', error = ? where endpoint_id = ? and status = 'pending' and id <> ?`,
      [`Not sent: ${reason.charAt(0).toLowerCase()}${reason.slice(1)}.`, endpoint.id, deliveryId],
    );
    await this.mailAdmins(em, endpoint, new Date(disabled.failing_since), error);
    return reason;
  }

  private async mailAdmins(
    em: EntityManager,
    endpoint: WebhookEndpoint,
    failingSince: Date,
    lastError: string,
  ): Promise<void> {
    const company = await em.findOneOrFail(Company, endpoint.company.id);
    const admins = await em.find(
      User,
      { company, role: { $in: [...COMPANY_ADMIN_ROLES] }, ...PICKABLE_USER },
      { orderBy: { id: 'asc' } },
    );
    const disabled = { id: endpoint.id, url: endpoint.url, companyName: company.name, failingSince, lastError };
    for (const admin of admins) {
      const mail = webhookDisabledMail(disabled, admin, this.config.PUBLIC_URL);
      await this.mail.add(JOB_NAMES.sendMail, mail, { ...MAIL_JOB_OPTIONS, jobId: mailJobId(mail.dedupeKey) });
    }
  }
}
