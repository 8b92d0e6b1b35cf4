import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header a delivery is signed in: `t=<unix seconds>,v1=<hex>[,v1=<hex>...]`. */
export const SIGNATURE_HEADER = 'Casebridge-Signature';

export type WebhookFailure = 'missing_header' | 'malformed' | 'stale_timestamp' | 'no_matching_signature';

const MESSAGES: Record<WebhookFailure, string> = {
  missing_header: `The ${SIGNATURE_HEADER} header is missing.`,
  malformed: `The ${SIGNATURE_HEADER} header is not of the form t=<unix seconds>,v1=<hex>.`,
  stale_timestamp: 'The signature is too old or too far in the future: a replay, or a clock out of step.',
  no_matching_signature: 'No signature matches the body with any of the secrets.',
};

/** A delivery that must not be trusted; `reason` says why. */
export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';

  constructor(readonly reason: WebhookFailure) {
    super(MESSAGES[reason]);
  }
}

/** Node's IncomingHttpHeaders, a plain record, or fetch's Headers. */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

export interface VerifyOptions {
  /** How far the signed time may be from now, either way. Default 300 s. */
  toleranceSeconds?: number;
  /** The current time, as a Date or in milliseconds (Date.now()). */
  now?: Date | number;
}

function hmacHex(secret: string, timestamp: number | string, rawBody: string | Buffer): string {
  const body = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody;
  return createHmac('sha256', secret).update(`${timestamp}.`, 'utf8').update(body).digest('hex');
}

/** The header value the server sends: one v1 per secret (two while a rotation's grace lasts). */
export function signWebhook(secret: string | readonly string[], rawBody: string | Buffer, timestamp: number): string {
  const secrets = typeof secret === 'string' ? [secret] : secret;
  return [`t=${timestamp}`, ...secrets.map((one) => `v1=${hmacHex(one, timestamp, rawBody)}`)].join(',');
}

function headerOf(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers as Record<string, string | string[] | undefined>)) {
    if (key.toLowerCase() === wanted) return Array.isArray(value) ? value.join(',') : value;
  }
  return undefined;
}

function parseSignature(header: string): { timestamp: string; signatures: string[] } {
  let timestamp: string | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, value, ...rest] = part.trim().split('=');
    if (value === undefined || rest.length > 0) throw new WebhookVerificationError('malformed');
    if (key === 't') {
      if (timestamp !== undefined || !/^\d{1,12}$/.test(value)) throw new WebhookVerificationError('malformed');
      timestamp = value;
    } else if (key === 'v1') {
      if (!/^[0-9a-f]{64}$/i.test(value)) throw new WebhookVerificationError('malformed');
      signatures.push(value.toLowerCase());
    }
    // Other schemes (v0, a future v2) are skipped, so the server can add one without breaking receivers.
  }
  if (timestamp === undefined || signatures.length === 0) throw new WebhookVerificationError('malformed');
  return { timestamp, signatures };
}

/**
 * Checks a delivery and returns its parsed JSON body. Pass the body exactly as received (before any JSON parsing)
 * and every secret currently valid: during a rotation, the delivery carries one signature per secret.
 * @throws WebhookVerificationError
 */
export function verifyWebhook<T = unknown>(
  rawBody: string | Buffer,
  headers: WebhookHeaders,
  secrets: readonly string[],
  options: VerifyOptions = {},
): T {
  const { toleranceSeconds = 300, now = Date.now() } = options;
  const header = headerOf(headers, SIGNATURE_HEADER)?.trim();
  if (!header) throw new WebhookVerificationError('missing_header');
  const { timestamp, signatures } = parseSignature(header);
  const nowSeconds = (typeof now === 'number' ? now : now.getTime()) / 1000;
  if (Math.abs(nowSeconds - Number(timestamp)) > toleranceSeconds) {
    throw new WebhookVerificationError('stale_timestamp');
  }
  const given = signatures.map((hex) => Buffer.from(hex, 'hex'));
  // Every pair is compared, in constant time each, so the time taken tells nothing about which one matched.
  let matched = false;
  for (const secret of secrets) {
    const expected = Buffer.from(hmacHex(secret, timestamp, rawBody), 'hex');
    for (const signature of given) matched = timingSafeEqual(expected, signature) || matched;
  }
  if (!matched) throw new WebhookVerificationError('no_matching_signature');
  const text = typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8');
  return JSON.parse(text) as T;
}

/** The helpers a webhook receiver needs, as `webhooks.verify(...)` and `webhooks.sign(...)`. */
export const webhooks = { verify: verifyWebhook, sign: signWebhook, header: SIGNATURE_HEADER } as const;
