/**
 * A local mirror of a company's cases, kept from the change feed and the webhooks: what a CRM connector does.
 *
 * - Webhooks bring each change within a second; every delivery is verified (signature and time) and applied once.
 * - The feed is the record: on start, and whenever a delivery shows a gap (a case's `seq` jumps, or a case first
 *   seen past its first entry), the mirror pages `GET /v1/events` from its saved cursor and applies what it lacks.
 * - Applying is idempotent by (case, seq): a redelivery, or an entry read from both sources, changes nothing.
 * - Only the feed moves the saved cursor: deliveries of different cases may arrive out of the feed's order, and a
 *   cursor taken from one could pass an entry of another case that is still being retried.
 *
 * Run it (after `npm run build -w sdk`):
 *   CASEBRIDGE_URL=https://casebridge.example.com CASEBRIDGE_CLIENT_ID=cbc_… CASEBRIDGE_CLIENT_SECRET=cbs_… \
 *   CASEBRIDGE_WEBHOOK_SECRETS=whsec_… PORT=8787 MIRROR_FILE=mirror.json npm run example:mirror -w sdk
 * then register http(s)://<this host>:8787/casebridge as a webhook of the company (Integrations page or
 * POST /v1/webhooks).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { readFile, rename, writeFile } from 'node:fs/promises';
import {
  createConnectClient,
  verifyWebhook,
  WebhookVerificationError,
  type ConnectClient,
  type FeedEvent,
} from '@casebridge/sdk';

export interface MirroredCase {
  token: string;
  direction: FeedEvent['direction'];
  /** The last entry applied; the api's `event_seq` of the case once the mirror is current. */
  seq: number;
  status: FeedEvent['status'];
  internal_case_number: string;
  receiver_case_number: string | null;
  engineer_email: string;
  receiver_engineer_email: string | null;
  /** Notes the company's feed shows, oldest first. */
  notes: { id: number; summary: string | null }[];
  /** The answers given, in order (approval, information-request, …). */
  responses: string[];
}

export interface MirrorState {
  /** The feed cursor up to which every entry is applied. */
  cursor?: string;
  cases: Record<string, MirroredCase>;
}

type Outcome = 'applied' | 'duplicate' | 'gap';

export class CaseMirror {
  state: MirrorState = { cases: {} };
  /** What the deliveries received so far came to. */
  readonly deliveries: Record<Outcome, number> = { applied: 0, duplicate: 0, gap: 0 };
  private catchingUp: Promise<void> | null = null;
  private saving: Promise<void> = Promise.resolve();

  constructor(
    private readonly client: ConnectClient,
    private readonly file?: string,
  ) {}

  async load(): Promise<void> {
    if (!this.file) return;
    try {
      this.state = JSON.parse(await readFile(this.file, 'utf8')) as MirrorState;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }

  /** One entry, once: the next seq of its case is applied, an older one is a duplicate, a later one a gap. */
  apply(event: FeedEvent): Outcome {
    const known = this.state.cases[event.case_token];
    const last = known?.seq ?? 0;
    if (event.seq <= last) return 'duplicate';
    if (event.seq !== last + 1) return 'gap';
    const mirrored: MirroredCase = known ?? {
      token: event.case_token,
      direction: event.direction,
      seq: 0,
      status: event.status,
      internal_case_number: event.case.internal_case_number,
      receiver_case_number: null,
      engineer_email: event.case.engineer.email,
      receiver_engineer_email: null,
      notes: [],
      responses: [],
    };
    mirrored.seq = event.seq;
    mirrored.status = event.case.status;
    mirrored.internal_case_number = event.case.internal_case_number;
    mirrored.receiver_case_number = event.case.receiver_case_number;
    mirrored.engineer_email = event.case.engineer.email;
    mirrored.receiver_engineer_email = event.case.receiver_engineer.email;
    if (event.note) mirrored.notes.push({ id: event.note.id, summary: event.note.summary });
    if (event.response) mirrored.responses.push(event.response.type);
    this.state.cases[event.case_token] = mirrored;
    return 'applied';
  }

  /** Everything the feed holds after the saved cursor; one catch-up at a time (later callers wait for it). */
  catchUp(): Promise<void> {
    this.catchingUp ??= this.readFeed().finally(() => (this.catchingUp = null));
    return this.catchingUp;
  }

  private async readFeed(): Promise<void> {
    for await (const event of this.client.events.iterate({ after: this.state.cursor, limit: 500 })) {
      // A gap cannot happen here: the feed holds every entry of a case in seq order.
      this.apply(event);
      this.state.cursor = event.cursor;
    }
    await this.save();
  }

  /**
   * A verified delivery: applied, or, past a gap, the feed read first (it brings the delivery's entry too). Still
   * a gap after that (the feed serves an entry a moment after its commit): 'gap', and the delivery comes again.
   */
  async receive(event: FeedEvent): Promise<Outcome> {
    let outcome = this.apply(event);
    if (outcome === 'gap') {
      await this.catchUp();
      outcome = this.apply(event);
    }
    if (outcome === 'applied') await this.save();
    this.deliveries[outcome] += 1;
    return outcome;
  }

  /**
   * Saves one at a time: a delivery and a catch-up finishing together would otherwise share the temporary file, and
   * the second rename find it gone. A save asked for while one runs writes the state as it is then.
   */
  private save(): Promise<void> {
    const file = this.file;
    if (!file) return Promise.resolve();
    const next = this.saving.then(async () => {
      // Written whole, then renamed: a crash leaves the previous state, never half of one.
      await writeFile(`${file}.tmp`, JSON.stringify(this.state));
      await rename(`${file}.tmp`, file);
    });
    // A failed save is its caller's error; the next one still runs.
    this.saving = next.catch(() => undefined);
    return next;
  }
}

async function rawBodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The webhook receiver: 204 once a delivery is applied (or known), 400 for one that fails verification. */
export function webhookReceiver(mirror: CaseMirror, secrets: () => readonly string[]): Server {
  return createServer((request, response) => {
    void (async () => {
      if (request.method !== 'POST') return response.writeHead(405).end();
      const body = await rawBodyOf(request);
      let event: FeedEvent;
      try {
        event = verifyWebhook<FeedEvent>(body, request.headers, secrets());
      } catch (error) {
        if (!(error instanceof WebhookVerificationError)) throw error;
        return response.writeHead(400, { 'Content-Type': 'text/plain' }).end(error.message);
      }
      // 503 for an entry that cannot be applied yet: Casebridge retries the delivery.
      response.writeHead((await mirror.receive(event)) === 'gap' ? 503 : 204).end();
    })().catch(() => {
      // Not applied: a non-2xx answer makes Casebridge deliver it again later.
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
}

export interface RunningMirror {
  mirror: CaseMirror;
  server: Server;
  port: number;
  stop(): Promise<void>;
}

/** Loads the saved state, catches up from the feed and listens for deliveries. */
export async function startMirror(options: {
  client: ConnectClient;
  secrets: () => readonly string[];
  port?: number;
  file?: string;
}): Promise<RunningMirror> {
  const mirror = new CaseMirror(options.client, options.file);
  await mirror.load();
  await mirror.catchUp();
  const server = webhookReceiver(mirror, options.secrets);
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    mirror,
    server,
    port,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function main(): Promise<void> {
  const need = (name: string) => {
    const value = process.env[name];
    if (!value) throw new Error(`Set ${name}.`);
    return value;
  };
  const client = createConnectClient({
    baseUrl: need('CASEBRIDGE_URL'),
    clientId: need('CASEBRIDGE_CLIENT_ID'),
    clientSecret: need('CASEBRIDGE_CLIENT_SECRET'),
  });
  const secrets = need('CASEBRIDGE_WEBHOOK_SECRETS').split(',');
  const running = await startMirror({
    client,
    secrets: () => secrets,
    port: Number(process.env.PORT ?? 8787),
    file: process.env.MIRROR_FILE ?? 'mirror.json',
  });
  console.log(`Mirroring ${Object.keys(running.mirror.state.cases).length} cases; webhooks on :${running.port}`);
  // A delivery missed while this process was down is found by the next catch-up; poll the feed now and then too.
  setInterval(() => void running.mirror.catchUp().catch((error: Error) => console.error(error.message)), 60_000);
}

if (require.main === module) {
  main().catch((error: Error) => {
    console.error(error.message);
    process.exit(1);
  });
}
