import { Redis } from 'ioredis';

/** Markers live a week: longer than any retry schedule and than completed jobs are kept (one day). */
export const DELIVERY_MARKER_TTL_SECONDS = 7 * 24 * 3600;

export type DeliveryClaim =
  /** Nobody sent this mail yet: the caller may send it now. */
  | 'claimed'
  /** SMTP already accepted this mail. */
  | 'sent'
  /** An earlier attempt stopped between handing the mail to SMTP and recording the result. */
  | 'sending';

/**
 * Remembers which mails were handed to SMTP, keyed by the job's dedupe key, so a retried or re-enqueued job never
 * sends the same mail twice. The marker goes "sending" (before SMTP) then "sent" (after SMTP accepted);
 * a failed SMTP call removes it so the retry may send again.
 */
export class DeliveryRegistry {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  keyFor(dedupeKey: string): string {
    return `${this.prefix}:mail-delivery:${dedupeKey}`;
  }

  async claim(dedupeKey: string): Promise<DeliveryClaim> {
    const key = this.keyFor(dedupeKey);
    const set = await this.redis.set(key, 'sending', 'EX', DELIVERY_MARKER_TTL_SECONDS, 'NX');
    if (set === 'OK') return 'claimed';
    const current = await this.redis.get(key);
    // The marker expired between SET and GET: claim again rather than guess.
    if (current === null) return this.claim(dedupeKey);
    return current === 'sent' ? 'sent' : 'sending';
  }

  async markSent(dedupeKey: string): Promise<void> {
    await this.redis.set(this.keyFor(dedupeKey), 'sent', 'EX', DELIVERY_MARKER_TTL_SECONDS);
  }

  /** SMTP refused or was unreachable: nothing was delivered, so the next attempt may send. */
  async release(dedupeKey: string): Promise<void> {
    await this.redis.del(this.keyFor(dedupeKey));
  }
}
