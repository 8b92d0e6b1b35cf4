import { IDEMPOTENCY } from '@casebridge/contracts';
import { randomUUID } from 'node:crypto';

/** One request of the load: what it was, in which phase it was sent, and how it ended (0: no answer at all). */
export interface LoadRecord {
  phase: string;
  route: 'case' | 'list' | 'me' | 'note';
  status: number;
  retryAfter: string | null;
  /** Who answered: an api instance (its security headers are on every answer), or the balancer itself. */
  from: 'api' | 'balancer' | 'nobody';
}

/** A request still open after this failed (a bound for a broken run, not a timing target). */
const REQUEST_BOUND_MS = 15_000;

/**
 * Steady open-loop traffic through the balancer, as many users make it: `rate` requests a second, mixed reads (the
 * case page, the company's list, who-am-I) and writes (notes on the case, each with its own Idempotency-Key, sent
 * once: a client would retry, but a retry would hide a failure from the count). Every answer is kept with the phase
 * it was sent in, and every acknowledged note's summary, to check later that it was stored and seen live.
 */
export class SteadyLoad {
  readonly records: LoadRecord[] = [];
  readonly acknowledgedNotes: string[] = [];
  phase = 'warm-up';
  private timer?: NodeJS.Timeout;
  private readonly inFlight = new Set<Promise<void>>();
  private sent = 0;

  constructor(
    private readonly url: string,
    private readonly token: string,
    private readonly caseToken: string,
    private readonly rate: number,
  ) {}

  start(): void {
    this.timer = setInterval(() => this.fire(), 1000 / this.rate);
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await Promise.all([...this.inFlight]);
  }

  /** Requests that never settled, not even by their own bound (counted as failures without an answer). */
  unsettled = 0;

  /** Requests of a phase that did not answer 2xx. */
  failuresIn(phase: string): LoadRecord[] {
    return this.records.filter((record) => record.phase === phase && (record.status < 200 || record.status >= 300));
  }

  private fire(): void {
    const index = (this.sent += 1);
    const route = (['case', 'note', 'list', 'case', 'me', 'note', 'case', 'list', 'note', 'me'] as const)[index % 10];
    const request = this.send(route, index).finally(() => this.inFlight.delete(request));
    this.inFlight.add(request);
  }

  private async send(route: LoadRecord['route'], index: number): Promise<void> {
    const phase = this.phase;
    const headers: Record<string, string> = { Authorization: `Bearer ${this.token}` };
    const summary = `steady note ${index}`;
    const call: [string, RequestInit] =
      route === 'note'
        ? [
            `/api/caller/case/${this.caseToken}/note`,
            {
              method: 'POST',
              headers: { ...headers, 'Content-Type': 'application/json', [IDEMPOTENCY.header]: randomUUID() },
              body: JSON.stringify({ summary }),
            },
          ]
        : route === 'case'
          ? [`/api/caller/case-details/${this.caseToken}`, { headers }]
          : route === 'list'
            ? ['/api/caller/get-cases/company', { headers }]
            : ['/api/auth/me', { headers }];
    // The abort bounds the request; the race bounds the promise itself, should a request ignore its abort, so
    // stop() always returns.
    const controller = new AbortController();
    const abort = setTimeout(() => controller.abort(), REQUEST_BOUND_MS);
    let giveUp: NodeJS.Timeout | undefined;
    const request = (async () => {
      const answer = await fetch(`${this.url}${call[0]}`, { ...call[1], signal: controller.signal });
      await answer.arrayBuffer();
      return answer;
    })();
    const unsettled = new Promise<'unsettled'>((resolve) => {
      giveUp = setTimeout(() => resolve('unsettled'), REQUEST_BOUND_MS + 5_000);
    });
    try {
      const answer = await Promise.race([request, unsettled]);
      if (answer === 'unsettled') {
        this.unsettled += 1;
        request.catch(() => undefined);
        throw new Error('unsettled');
      }
      const from = answer.headers.has('x-content-type-options') ? 'api' : 'balancer';
      this.records.push({ phase, route, status: answer.status, retryAfter: answer.headers.get('retry-after'), from });
      if (route === 'note' && answer.ok) this.acknowledgedNotes.push(summary);
    } catch {
      this.records.push({ phase, route, status: 0, retryAfter: null, from: 'nobody' });
    } finally {
      clearTimeout(abort);
      clearTimeout(giveUp);
    }
  }
}
