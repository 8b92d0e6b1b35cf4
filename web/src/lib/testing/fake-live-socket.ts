import { CLIENT_EVENTS, type FollowCaseAnswer, type FollowCaseRequest } from '@casebridge/contracts';

/**
 * A stand-in for socket.io-client, the boundary of the live hooks' tests: its `io` hands out sockets that record
 * what the hook sends and let the test play the server (connect, drop, push messages, answer or fail a follow).
 * A test file mocks the package with this module (`vi.mock('socket.io-client', () => import(...))`).
 */

type Handler = (...args: never[]) => void;

export interface PendingFollow {
  request: FollowCaseRequest;
  timeoutMs: number;
  answer: (result: FollowCaseAnswer) => void;
  fail: (error: Error) => void;
}

export class FakeSocket {
  connected = false;
  /** Socket.IO's own reconnection is running: false before the first connect and after a refused handshake. */
  active = false;
  closed = false;
  readonly follows: PendingFollow[] = [];
  readonly emitted: { event: string; payload: unknown }[] = [];
  private readonly handlers = new Map<string, Set<Handler>>();

  constructor(readonly options: Record<string, unknown>) {}

  on(event: string, handler: Handler) {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event)!.add(handler);
    return this;
  }
  once(event: string, handler: Handler) {
    const once = ((...args: never[]) => {
      this.off(event, once);
      handler(...args);
    }) as Handler;
    return this.on(event, once);
  }
  off(event: string, handler: Handler) {
    this.handlers.get(event)?.delete(handler);
    return this;
  }
  listeners(event: string): number {
    return this.handlers.get(event)?.size ?? 0;
  }
  timeout(timeoutMs: number) {
    return {
      emitWithAck: (event: string, request: FollowCaseRequest) => {
        if (event !== CLIENT_EVENTS.followCase) throw new Error(`unexpected acknowledged event ${event}`);
        return new Promise<FollowCaseAnswer>((answer, fail) => this.follows.push({ request, timeoutMs, answer, fail }));
      },
    };
  }
  emit(event: string, payload: unknown) {
    this.emitted.push({ event, payload });
    return this;
  }
  close() {
    this.closed = true;
    this.connected = false;
    this.active = false;
  }

  /** While set, the server refuses every handshake with this message. */
  refusing: string | null = null;
  connects = 0;

  // The server's side: connect() is both the client's (re)connect and the server letting it in.
  connect() {
    this.connects += 1;
    if (this.refusing) return this.refuse(this.refusing);
    this.connected = true;
    this.active = true;
    this.fire('connect');
  }
  /** The server's middleware refuses the handshake: Socket.IO does not try again by itself. */
  refuse(message: string) {
    this.connected = false;
    this.active = false;
    this.fire('connect_error', new Error(message));
  }
  drop() {
    this.connected = false;
    this.fire('disconnect', 'transport close');
  }
  fire(event: string, ...args: unknown[]) {
    for (const handler of [...(this.handlers.get(event) ?? [])]) (handler as (...values: unknown[]) => void)(...args);
  }
  lastFollow(): PendingFollow {
    const follow = this.follows.at(-1);
    if (!follow) throw new Error('the hook has not followed the case');
    return follow;
  }
}

/** Every socket the code under test opened, in order; a test empties it after each case. */
export const created: FakeSocket[] = [];

/** socket.io-client's `io`. */
export function io(options: Record<string, unknown>): FakeSocket {
  const socket = new FakeSocket(options);
  created.push(socket);
  return socket;
}
