import { routePath, type MailJob } from '@casebridge/contracts';

export interface DisabledEndpoint {
  id: number;
  url: string;
  companyName: string;
  /** The start of the failing period that got it switched off: with the id, it names this one disablement. */
  failingSince: Date;
  lastError: string;
}

/** The dedupe key of one admin's mail about one disablement: the same however many workers saw it happen. */
export function webhookDisabledMailKey(endpoint: DisabledEndpoint, userId: number): string {
  return `webhook-disabled-${endpoint.id}-${endpoint.failingSince.getTime()}-${userId}`;
}

/** "2026-03-02 08:15 UTC": how the mails show an instant. */
export function mailTimeUtc(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** The `webhook-disabled` mail to one company admin (every placeholder but `product`, which the mail worker adds). */
export function webhookDisabledMail(
  endpoint: DisabledEndpoint,
  admin: { id: number; email: string; firstName: string },
  publicUrl: string,
): MailJob {
  return {
    template: 'webhook-disabled',
    to: [admin.email],
    variables: {
      first_name: admin.firstName,
      company: endpoint.companyName,
      endpoint_url: endpoint.url,
      failing_since: mailTimeUtc(endpoint.failingSince),
      last_error: endpoint.lastError,
      link: publicUrl + routePath('admin.integrations'),
    },
    dedupeKey: webhookDisabledMailKey(endpoint, admin.id),
  };
}
