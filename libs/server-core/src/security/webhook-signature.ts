import { createHmac } from 'node:crypto';

/**
 * The signature header of a webhook delivery, `t=<unix seconds>,v1=<hex>[,v1=<hex>]`: each v1 is HMAC-SHA256 of
 * "<t>.<raw body>" with one valid secret (two during a rotation's grace). Signing the time with the body lets a
 * receiver refuse a captured delivery replayed later (the SDK's verifier allows 5 minutes).
 */
export function webhookSignatureHeader(secrets: readonly string[], body: string, unixSeconds: number): string {
  const signed = `${unixSeconds}.${body}`;
  const signatures = secrets.map((secret) => `v1=${createHmac('sha256', secret).update(signed, 'utf8').digest('hex')}`);
  return [`t=${unixSeconds}`, ...signatures].join(',');
}

/** The legacy header value, kept for receivers that check it: HMAC-SHA256 of the body alone (no time). */
export function legacyWebhookSignature(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;
}
