import { applyMailPreferences, EmailTemplate, renderTemplate, type StoredTemplate } from '@casebridge/db';
import { ServerConfig } from '@casebridge/server-core';
import { MailJob } from '@casebridge/contracts';
import { CreateRequestContext, MikroORM } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import { Redis } from 'ioredis';
import { Transporter } from 'nodemailer';
import { Logger } from 'pino';
import { LOGGER, REDIS, SERVER_CONFIG } from '../config/tokens';
import { WorkerMetrics } from '../metrics/worker-metrics';
import { DeliveryRegistry } from './delivery-registry';
import { htmlToText } from './html-to-text';
import { wrapInLayout } from './mail-layout';
import { createSmtpTransport } from './smtp-transport';

/** `held`: every recipient put this kind of mail in their digest or turned it off. */
export type MailOutcome = 'sent' | 'already-sent' | 'held';

/** Renders a stored template for a MailJob and hands it to SMTP exactly once per dedupe key. */
@Injectable()
export class MailSenderService implements OnApplicationShutdown {
  private readonly transport: Transporter;
  private readonly deliveries: DeliveryRegistry;

  constructor(
    // `orm` is read by @CreateRequestContext: each job loads its data in a fresh, forked EntityManager.
    private readonly orm: MikroORM,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
    @Inject(REDIS) redis: Redis,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly metrics: WorkerMetrics,
  ) {
    this.transport = createSmtpTransport(config.SMTP_URL);
    this.deliveries = new DeliveryRegistry(redis, config.REDIS_PREFIX);
  }

  async send(queued: MailJob): Promise<MailOutcome> {
    const { template, job } = await this.prepare(queued);
    if (!job) return 'held';
    if (!template) {
      // Retrying cannot make a template appear; fail at once and keep the job for inspection.
      throw new UnrecoverableError(`Email template "${job.template}" not found`);
    }
    const variables = {
      ...job.variables,
      product: this.config.PRODUCT_NAME,
      public_url: this.config.PUBLIC_URL,
    };
    const rendered = renderTemplate(template, variables);
    if (rendered.missingVariables.length > 0) {
      this.logger.warn(
        { template: job.template, dedupeKey: job.dedupeKey, missing: rendered.missingVariables },
        'mail template variables missing',
      );
    }
    const html = wrapInLayout(rendered.subject, rendered.bodyHtml, {
      product: this.config.PRODUCT_NAME,
      publicUrl: this.config.PUBLIC_URL,
    });

    const claim = await this.deliveries.claim(job.dedupeKey);
    if (claim === 'sent') return 'already-sent';
    if (claim === 'sending') {
      // At-most-once: a crash may have happened after SMTP accepted the mail; resending could duplicate it.
      throw new UnrecoverableError(
        `Delivery of mail "${job.dedupeKey}" is uncertain (an earlier attempt stopped while sending); not resending. ` +
          `Delete ${this.deliveries.keyFor(job.dedupeKey)} and retry the job to force a resend.`,
      );
    }

    try {
      await this.transport.sendMail({
        from: this.config.MAIL_FROM,
        to: job.to,
        cc: job.cc,
        bcc: job.bcc,
        subject: rendered.subject,
        html,
        text: htmlToText(rendered.bodyHtml),
      });
    } catch (error) {
      await this.deliveries.release(job.dedupeKey);
      throw error;
    }
    await this.deliveries.markSent(job.dedupeKey);
    this.metrics.countMailSent();
    return 'sent';
  }

  /**
   * The stored template and the mail as its recipients want it now (mail preferences, read at send time so a
   * change made while the mail waited counts): one query for all its recipients.
   */
  @CreateRequestContext()
  private async prepare(queued: MailJob): Promise<{ template: StoredTemplate | null; job: MailJob | null }> {
    const em = this.orm.em as EntityManager;
    const job = await applyMailPreferences((sql, params) => em.execute(sql, [...params]), queued);
    const template = await em.findOne(EmailTemplate, { slug: queued.template });
    return { template: template && { slug: template.slug, subject: template.subject, body: template.body }, job };
  }

  /** After the workers stopped (onModuleDestroy), so no job is cut off mid-send. */
  onApplicationShutdown(): void {
    this.transport.close();
  }
}
