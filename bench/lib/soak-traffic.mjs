// The soak's mixed traffic: what members and the back office do all day, in a fixed proportion.
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

const PASSWORD = 'Passw0rd!';
/** One cycle of the mix: mostly reading lists and cases, some notes, sign-ins, reset mails and exports. */
const CYCLE = [
  'list',
  'detail',
  'list',
  'note',
  'detail',
  'signIn',
  'list',
  'detail',
  'mail',
  'list',
  'detail',
  'note',
  'list',
  'detail',
  'export',
];

/** A bounded request: a hang counts as an error, not as a stuck loop. */
async function call(url, { method = 'GET', token, body, headers = {} } = {}) {
  const response = await fetch(url, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: body ? JSON.stringify(body) : undefined,
    signal: globalThis.AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON (never expected from these routes): kept as text for the error summary
  }
  return { status: response.status, json, text };
}

export class MixedTraffic {
  constructor(apiUrl, mailRecipients) {
    if (mailRecipients.length === 0) throw new Error('no generated users for the mail action: generate first');
    this.api = `${apiUrl}/api`;
    this.mailRecipients = mailRecipients;
    this.stats = Object.fromEntries(CYCLE.map((action) => [action, { count: 0, errors: 0, latencies: [] }]));
    this.errors = new Map();
    /** Distinct exports: asking again while one is pending answers that one (api ExportsService). */
    this.exportIds = new Set();
    this.exportsAsked = 0;
    this.mailsQueued = 0;
    this.next = 0;
  }

  async signIn(email) {
    const answer = await call(`${this.api}/auth/login`, { method: 'POST', body: { email, password: PASSWORD } });
    if (answer.status !== 200) throw new Error(`sign-in of ${email}: ${answer.status} ${answer.text}`);
    return answer.json.access_token;
  }

  /** Signs in the demo caller and super admin and finds the cases the caller may read and add notes to. */
  async prepare() {
    this.caller = await this.signIn('caller@acme.test');
    this.admin = await this.signIn('admin@casebridge.test');
    const list = await call(`${this.api}/caller/get-cases/company?limit=50`, { token: this.caller });
    if (list.status !== 200) throw new Error(`case list: ${list.status} ${list.text}`);
    this.caseTokens = list.json.data.map((row) => row.token);
    this.noteTokens = [];
    for (const token of this.caseTokens) {
      const probe = await call(`${this.api}/caller/case/${token}/note`, {
        method: 'POST',
        token: this.caller,
        body: { summary: 'soak: can notes be added here?' },
      });
      if (probe.status === 200 || probe.status === 201) this.noteTokens.push(token);
      if (this.noteTokens.length >= 5) break;
    }
    if (this.caseTokens.length === 0 || this.noteTokens.length === 0) {
      throw new Error('the demo caller has no case to read or add notes to');
    }
  }

  pick(items) {
    return items[Math.floor(Math.random() * items.length)];
  }

  /** One action; resolves true when the api answered as it should. */
  async perform(action, sequence) {
    switch (action) {
      case 'list': {
        const scope = sequence % 2 === 0 ? 'company' : 'company/30';
        return (await call(`${this.api}/caller/get-cases/${scope}`, { token: this.caller })).status === 200;
      }
      case 'detail':
        return (
          (await call(`${this.api}/caller/case-details/${this.pick(this.caseTokens)}`, { token: this.caller }))
            .status === 200
        );
      case 'note': {
        const answer = await call(`${this.api}/caller/case/${this.pick(this.noteTokens)}/note`, {
          method: 'POST',
          token: this.caller,
          body: { summary: `soak note ${sequence}` },
        });
        return answer.status === 200 || answer.status === 201;
      }
      case 'signIn':
        await this.signIn(this.pick(this.mailRecipients));
        return true;
      case 'mail': {
        // Reset mails are limited per address and account: each comes from its own address and rotates accounts.
        const address = `10.${(sequence >> 16) & 255}.${(sequence >> 8) & 255}.${sequence & 255}`;
        const email = this.mailRecipients[this.mailsQueued % this.mailRecipients.length];
        const answer = await call(`${this.api}/auth/forgot_password`, {
          method: 'POST',
          body: { email },
          headers: { 'x-forwarded-for': address },
        });
        if (answer.status !== 200) return false;
        this.mailsQueued += 1;
        return true;
      }
      case 'export': {
        const answer = await call(`${this.api}/exports`, {
          method: 'POST',
          token: this.admin,
          body: { kind: 'inactive_users', params: {} },
        });
        if (answer.status !== 200 && answer.status !== 201) return false;
        this.exportIds.add(answer.json.export.id);
        this.exportsAsked += 1;
        return true;
      }
      default:
        throw new Error(`unknown action ${action}`);
    }
  }

  recordError(action, detail) {
    const key = `${action}: ${detail}`.slice(0, 160);
    this.errors.set(key, (this.errors.get(key) ?? 0) + 1);
  }

  /** `concurrency` closed loops over the cycle until the deadline. */
  async run({ concurrency, until }) {
    const loop = async () => {
      while (Date.now() < until) {
        const sequence = this.next++;
        const action = CYCLE[sequence % CYCLE.length];
        const stats = this.stats[action];
        const before = performance.now();
        try {
          if (!(await this.perform(action, sequence))) {
            stats.errors += 1;
            this.recordError(action, 'unexpected status');
          }
        } catch (error) {
          stats.errors += 1;
          this.recordError(action, error instanceof Error ? error.message : String(error));
        }
        stats.count += 1;
        stats.latencies.push(performance.now() - before);
      }
    };
    await Promise.all(Array.from({ length: concurrency }, loop));
  }

  total() {
    return Object.values(this.stats).reduce((sum, stats) => sum + stats.count, 0);
  }

  errorCount() {
    return Object.values(this.stats).reduce((sum, stats) => sum + stats.errors, 0);
  }

  errorSummary() {
    if (this.errors.size === 0) return '';
    return ` (${[...this.errors].map(([key, count]) => `${count}x ${key}`).join('; ')})`;
  }

  /** Waits (bounded) for the acknowledged mails to reach SMTP and the exports to be ready; what is left is lost. */
  async settle({ mailsReceived, timeoutMs }) {
    const deadline = Date.now() + timeoutMs;
    let unfinished = [...this.exportIds];
    for (;;) {
      const states = await Promise.all(
        unfinished.map(async (id) => (await call(`${this.api}/exports/${id}`, { token: this.admin })).json?.export),
      );
      unfinished = unfinished.filter((_, index) => states[index]?.status !== 'ready');
      if ((unfinished.length === 0 && mailsReceived() >= this.mailsQueued) || Date.now() > deadline) break;
      await sleep(500);
    }
    return {
      mailsQueued: this.mailsQueued,
      mailsMissing: Math.max(0, this.mailsQueued - mailsReceived()),
      exportsAsked: this.exportsAsked,
      exportsQueued: this.exportIds.size,
      exportsUnfinished: unfinished.length,
    };
  }
}
