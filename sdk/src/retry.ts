import { setTimeout as delay } from 'node:timers/promises';

export interface RetryOptions {
  /** Attempts in all, the first included; 1 turns retries off. Default 4. */
  maxAttempts?: number;
  /** The statuses worth another attempt. Default 429 and 503. */
  statuses?: readonly number[];
  /** The wait when the answer names none (no Retry-After): this, doubled per attempt. Default 500 ms. */
  baseDelayMs?: number;
  /** The longest wait; an answer asking for longer is returned as it is rather than waited for. Default 60 s. */
  maxDelayMs?: number;
  /** Waits between attempts; tests replace it. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** The clock that an HTTP-date Retry-After is compared with. */
  now?: () => number;
}

type Transport = (request: Request) => Promise<Response>;

const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

/** Whether sending the request twice is harmless: an idempotent method, or a POST the server deduplicates by key. */
export function mayRepeat(request: Request): boolean {
  return IDEMPOTENT_METHODS.has(request.method.toUpperCase()) || request.headers.has('Idempotency-Key');
}

/**
 * How long to wait before attempt `attempt + 1` (attempts count from 1): Retry-After (seconds or an HTTP date) when
 * the answer has it, else exponential backoff; undefined when the wait would exceed maxDelayMs.
 */
export function retryDelayMs(response: Response, attempt: number, options: RetryOptions = {}): number | undefined {
  const { baseDelayMs = 500, maxDelayMs = 60_000, now = Date.now } = options;
  const header = response.headers.get('Retry-After')?.trim();
  let wait = baseDelayMs * 2 ** (attempt - 1);
  if (header) {
    const at = /^\d+$/.test(header) ? now() + Number(header) * 1000 : Date.parse(header);
    if (!Number.isNaN(at)) wait = Math.max(0, at - now());
  }
  return wait <= maxDelayMs ? wait : undefined;
}

const sleepFor = (ms: number, signal?: AbortSignal): Promise<void> => delay(ms, undefined, { signal });

/**
 * A fetch that tries again on 429 and 503 as the server asks (Retry-After), a bounded number of times. A POST
 * without an Idempotency-Key is never sent twice: the server may have acted on it even when it answered 503.
 */
export function withRetries(transport: Transport, options: RetryOptions = {}): Transport {
  const { maxAttempts = 4, statuses = [429, 503], sleep = sleepFor } = options;
  return async (request) => {
    const repeatable = maxAttempts > 1 && mayRepeat(request);
    for (let attempt = 1; ; attempt += 1) {
      // Each attempt sends a copy: a body can be read only once.
      const last = !repeatable || attempt >= maxAttempts;
      const response = await transport(last ? request : request.clone());
      if (last || !statuses.includes(response.status)) return response;
      const wait = retryDelayMs(response, attempt, options);
      if (wait === undefined) return response;
      await response.body?.cancel();
      await sleep(wait, request.signal);
    }
  };
}
