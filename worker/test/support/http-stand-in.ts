import { createServer, IncomingHttpHeaders, Server } from 'http';
import { waitFor } from '../../../test/wait-for';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** Decides the status of the n-th request (0-based) this stand-in receives. */
export type StatusFor = (request: ReceivedRequest, index: number) => number;

/**
 * A local HTTP server standing in for a service outside Casebridge (collaboration service, webhook receiver,
 * Teams): it records every request and answers with the status `statusFor` chooses. Bound to 127.0.0.1;
 * port 0 lets the OS choose.
 */
export class HttpStandIn {
  readonly requests: ReceivedRequest[] = [];
  private server?: Server;
  private boundPort = 0;

  constructor(private readonly statusFor: StatusFor = () => 200) {}

  async start(port = 0): Promise<this> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const received = {
          method: request.method ?? '',
          path: request.url ?? '',
          headers: request.headers,
          body: Buffer.concat(chunks),
        };
        const index = this.requests.push(received) - 1;
        response.writeHead(this.statusFor(received, index), { 'Content-Type': 'application/json' });
        response.end('{}');
      });
    });
    await new Promise<void>((resolve, reject) => {
      this.server?.once('error', reject);
      this.server?.listen(port, '127.0.0.1', () => resolve());
    });
    const address = this.server.address();
    this.boundPort = typeof address === 'object' && address ? address.port : port;
    return this;
  }

  get url(): string {
    return `http://127.0.0.1:${this.boundPort}`;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Waits until at least `count` requests (matching `filter`) arrived, and returns them. */
  async waitForRequests(
    count: number,
    filter: (request: ReceivedRequest) => boolean = () => true,
    timeoutMs = 20_000,
  ): Promise<ReceivedRequest[]> {
    return waitFor(
      () => this.requests.filter(filter),
      (matching) => matching.length >= count,
      { what: `${count} requests on ${this.url}`, timeoutMs, everyMs: 50 },
    );
  }
}

/** Polls `read` until `done` accepts its value (e.g. a row reaching a state), returning that value. */
export function waitUntil<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  return waitFor(read, done, { timeoutMs, everyMs: 50 });
}
