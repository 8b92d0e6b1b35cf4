import { EmailTemplate, renderTemplate, type StoredTemplate } from '@casebridge/db';
import { ServerConfig } from '@casebridge/server-core';
import { MailJob } from '@casebridge/contracts';
import { CreateRequestContext, MikroORM } from '@mikro-orm/core';
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

export type MailOutcome = 'sent' | 'already-sent';

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

  async send(job: MailJob): Promise<MailOutcome> {
    const template = await this.loadTemplate(job.template);
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

  @CreateRequestContext()
  private async loadTemplate(slug: string): Promise<StoredTemplate | null> {
    const template = await this.orm.em.findOne(EmailTemplate, { slug });
    return template ? { slug: template.slug, subject: template.subject, body: template.body } : null;
  }

  /** After the workers stopped (onModuleDestroy), so no job is cut off mid-send. */
  onApplicationShutdown(): void {
    this.transport.close();
  }
}
