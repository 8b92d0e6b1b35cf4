import {
  CLIENT_EVENTS,
  SERVER_EVENTS,
  SOCKET_CONNECT_ERRORS,
  SOCKET_PATH,
  type CaseEventMessage,
  type ClientToServerEvents,
  type FollowCaseAnswer,
  type ServerToClientEvents,
} from '@casebridge/contracts';
import { io, type Socket } from 'socket.io-client';
import { readUntil } from '../../../../test/wait-for';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Clients connected at once while opening: quick, without flooding the accept queue. */
const OPEN_BATCH = 50;

/**
 * A client that follows one case as the web app does (web/src/lib/live.ts): on every connect it sends
 * `case.follow` with the last seq it processed and holds live `case.event`s until the answer's `missed` are
 * applied; it ignores any message whose seq is not higher than the one it has, and on a gap (a live message beyond
 * the next seq) it follows again from the last one applied instead of skipping. `accepted` is what it processed;
 * `ignored` what the seq rule dropped (packets replayed by connection-state recovery and by `missed` both).
 */
export class LiveFollower {
  readonly accepted: number[] = [];
  ignored = 0;
  connects = 0;
  /** Handshakes refused as `unavailable` and tried again. */
  handshakeRetries = 0;
  /** `case.follow`s the server refused for the moment (tried again). */
  refusals = 0;
  /** Answered `case.follow`s: one per connect once the client has resynced (more after a gap). */
  follows = 0;
  lastSeq: number | null = null;
  readonly firstFollow: Promise<void>;
  private resolveFirstFollow!: () => void;
  /**
   * Live messages held while a follow is being answered, kept as their case and seq only (all the follower reads):
   * under a long outage a thousand followers hold thousands of messages each, and whole messages once filled the
   * test process's heap.
   */
  private waiting: HeldMessage[] | null = null;

  constructor(
    readonly socket: ClientSocket,
    private readonly caseToken: string,
  ) {
    this.firstFollow = new Promise((resolve) => (this.resolveFirstFollow = resolve));
    socket.on('connect', () => {
      this.connects += 1;
      void this.follow();
    });
    socket.on(SERVER_EVENTS.caseEvent, (message) =>
      this.waiting ? this.waiting.push(held(message)) : this.take(message),
    );
    // As the web app does: a handshake the server could not check (its database busy) is tried again later;
    // Socket.IO retries lost connections by itself but not handshakes its middleware refused.
    socket.on('connect_error', (error) => {
      if (socket.active || error.message !== SOCKET_CONNECT_ERRORS.unavailable) return;
      this.handshakeRetries += 1;
      setTimeout(() => socket.connect(), 250 + Math.random() * 1750);
    });
  }

  /** What a report says of a follower that did not catch up. */
  state() {
    return {
      connected: this.socket.connected,
      active: this.socket.active,
      lastSeq: this.lastSeq,
      holding: this.waiting?.length ?? null,
      connects: this.connects,
      follows: this.follows,
      refusals: this.refusals,
      handshakeRetries: this.handshakeRetries,
    };
  }

  private async follow(): Promise<void> {
    this.waiting ??= [];
    let answer: FollowCaseAnswer;
    try {
      answer = await this.socket
        .timeout(20_000)
        .emitWithAck(CLIENT_EVENTS.followCase, { case_token: this.caseToken, after_seq: this.lastSeq ?? undefined });
    } catch {
      // No answer in time: ask again while connected; once dropped, the next connect follows again.
      if (this.socket.connected) void this.follow();
      else this.release();
      return;
    }
    if (!answer.ok) {
      // Refused for now (the server could not read the case: its database away): the held messages are released
      // (a gap among them asks again), and the follow is tried again shortly, as the page would on its next event.
      this.refusals += 1;
      this.release();
      setTimeout(() => {
        if (this.socket.connected && this.waiting === null) void this.follow();
      }, 500);
      return;
    }
    for (const message of answer.missed) this.take(message, true);
    if (this.lastSeq === null || answer.seq > this.lastSeq) this.lastSeq = answer.seq;
    this.follows += 1;
    this.resolveFirstFollow();
    this.release();
  }

  /** Applies the live messages held during a follow, oldest first. */
  private release(): void {
    const held = this.waiting ?? [];
    this.waiting = null;
    held.sort((a, b) => a.seq - b.seq).forEach((message) => this.take(message));
  }

  private take(message: HeldMessage, replayed = false): void {
    if (message.case_token !== this.caseToken) return;
    if (this.lastSeq !== null && message.seq <= this.lastSeq) {
      this.ignored += 1;
      return;
    }
    if (!replayed && this.lastSeq !== null && message.seq > this.lastSeq + 1) {
      // Something before it is missing: follow again from the last one applied, holding this one meanwhile.
      if (this.waiting) this.waiting.push(held(message));
      else {
        this.waiting = [held(message)];
        if (this.socket.connected) void this.follow();
      }
      return;
    }
    this.accepted.push(message.seq);
    this.lastSeq = message.seq;
  }
}

type HeldMessage = Pick<CaseEventMessage, 'case_token' | 'seq'>;

function held(message: HeldMessage): HeldMessage {
  return { case_token: message.case_token, seq: message.seq };
}

/** Opens `count` reconnecting followers of `caseToken` on `url` and waits until each has followed once. */
export async function openFollowers(url: string, token: string, caseToken: string, count: number, timeoutMs = 90_000) {
  const followers: LiveFollower[] = [];
  const deadline = Date.now() + timeoutMs;
  for (let start = 0; start < count; start += OPEN_BATCH) {
    const batch = Array.from({ length: Math.min(OPEN_BATCH, count - start) }, () => {
      const socket: ClientSocket = io(url, {
        path: SOCKET_PATH,
        auth: { token },
        transports: ['websocket'],
        forceNew: true,
        reconnectionDelay: 250,
        reconnectionDelayMax: 2000,
      });
      return new LiveFollower(socket, caseToken);
    });
    followers.push(...batch);
    const opened = Promise.all(batch.map((follower) => follower.firstFollow)).then(() => 'opened' as const);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), deadline - Date.now())));
    const outcome = await Promise.race([opened, late]);
    clearTimeout(timer);
    if (outcome === 'late') {
      closeFollowers(followers);
      const followed = followers.filter((follower) => follower.follows > 0).length;
      throw new Error(`only ${followed} of ${count} clients followed the case within ${timeoutMs} ms`);
    }
  }
  return followers;
}

/**
 * Waits until every follower's accepted seqs end at `lastSeq` (or `timeoutMs`); returns how many have not.
 * Bounded, never timed: the test asserts the outcome, not how fast it came.
 */
export async function waitForConvergence(followers: LiveFollower[], lastSeq: number, timeoutMs: number) {
  const behind = () => followers.filter((follower) => follower.lastSeq !== lastSeq).length;
  return (await readUntil(behind, (count) => count === 0, { timeoutMs })).value;
}

/**
 * Waits until every follower has reconnected and had its `case.follow` answered again (or `timeoutMs`); returns
 * how many have not. Separate from convergence: state recovery may hand a client its missed events before the
 * answer to its new follow arrives.
 */
export async function waitForRefollow(followers: LiveFollower[], timeoutMs: number) {
  const waiting = () => followers.filter((follower) => follower.connects < 2 || follower.follows < 2).length;
  return (await readUntil(waiting, (count) => count === 0, { timeoutMs })).value;
}

/** Followers whose accepted seqs after `fromSeq` are not exactly fromSeq+1..toSeq, in order. */
export function divergent(followers: LiveFollower[], fromSeq: number, toSeq: number): LiveFollower[] {
  const expected = Array.from({ length: toSeq - fromSeq }, (_, index) => fromSeq + 1 + index).join(',');
  return followers.filter((follower) => follower.accepted.filter((seq) => seq > fromSeq).join(',') !== expected);
}

export function closeFollowers(followers: LiveFollower[]): void {
  for (const follower of followers) follower.socket.close();
}
