import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import {
  CLIENT_EVENTS,
  SERVER_EVENTS,
  SOCKET_CONNECT_ERRORS,
  type CaseEventMessage,
  type FollowCaseAnswer,
  type FollowCaseRequest,
  type PresenceMessage,
} from '@casebridge/contracts';
import { closeLiveSocket, onLiveSessionEnded, useCaseLive } from './live';

/**
 * The socket is the boundary: socket.io-client's `io` hands out stand-ins that record what the hook sends and let
 * the test play the server (connect, drop, push messages, answer or fail a follow).
 */
const fake = vi.hoisted(() => {
  type Handler = (...args: never[]) => void;
  interface PendingFollow {
    request: FollowCaseRequest;
    timeoutMs: number;
    answer: (result: FollowCaseAnswer) => void;
    fail: (error: Error) => void;
  }

  class FakeSocket {
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
          return new Promise<FollowCaseAnswer>((answer, fail) =>
            this.follows.push({ request, timeoutMs, answer, fail }),
          );
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

  const created: FakeSocket[] = [];
  return { FakeSocket, created };
});

vi.mock('socket.io-client', () => ({
  io: (options: Record<string, unknown>) => {
    const socket = new fake.FakeSocket(options);
    fake.created.push(socket);
    return socket;
  },
}));

type FakeSocket = InstanceType<typeof fake.FakeSocket>;

/** What the stand-in page keeps in the query cache: the seq it is at and every entry handed to `apply`, in order. */
interface CasePage {
  event_seq: number;
  applied: number[];
  reads: number;
}

let tokens = 0;

function entry(seq: number, caseToken: string): CaseEventMessage {
  return {
    case_token: caseToken,
    seq,
    type: 'information_supplied',
    status: 'information',
    actor: 'Ada Lovelace',
    at: `2026-03-04T10:${String(seq % 60).padStart(2, '0')}:00Z`,
    case: {
      status: 'information',
      internal_case_number: 'CB-1',
      engineer: {
        first_name: 'Ada',
        last_name: 'Lovelace',
        email: 'ada@example.com',
        phone: null,
        phone_country_code: '',
      },
      receiver_case_number: null,
      receiver_engineer: { name: null, email: null, phone: null },
      updated_at: '2026-03-04T10:00:00Z',
      response_due_at: null,
      sla_paused: false,
      event_seq: seq,
    },
  };
}

/**
 * A page as CaseDetailPage is built: it reads the case through TanStack Query (a real QueryClient), follows it
 * from the read's event_seq, applies entries to the cached answer and refetches on `reload`.
 */
function openCasePage({ serverSeq = 5, access = 'member' as 'member' | 'link' } = {}) {
  const caseToken = `case-${++tokens}`;
  const key = ['case', caseToken];
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
  let reads = 0;
  const server = { seq: serverSeq };
  const read = vi.fn(async (): Promise<CasePage> => ({ event_seq: server.seq, applied: [], reads: ++reads }));
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const view = renderHook(
    () => {
      const query = useQuery({ queryKey: key, queryFn: read });
      return useCaseLive(
        caseToken,
        {
          seq: query.data?.event_seq,
          apply: (message) =>
            client.setQueryData<CasePage>(
              key,
              (page) => page && { ...page, event_seq: message.seq, applied: [...page.applied, message.seq] },
            ),
          reload: () => void query.refetch(),
        },
        access,
      );
    },
    { wrapper },
  );
  const page = () => client.getQueryData<CasePage>(key);
  return { caseToken, view, read, server, page, applied: () => page()?.applied ?? [] };
}

/** The signed-in user's socket (shared) and the public pages' ones (their own, `forceNew`). */
const memberSocket = () => lastSocket((socket) => !socket.options.forceNew);
const linkSocket = () => lastSocket((socket) => socket.options.forceNew === true);
function lastSocket(which: (socket: FakeSocket) => boolean): FakeSocket {
  const socket = fake.created.filter(which).at(-1);
  if (!socket) throw new Error('no such socket was opened');
  return socket;
}

/** Lets the follow's promise chain (then, catch, finally) run. */
const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

async function pageFollowing(options?: Parameters<typeof openCasePage>[0]) {
  const page = openCasePage(options);
  await waitFor(() => expect(page.page()).toBeDefined());
  const socket = memberSocket();
  act(() => socket.connect());
  return { ...page, socket };
}

async function answer(socket: FakeSocket, result: FollowCaseAnswer) {
  socket.lastFollow().answer(result);
  await settle();
}

const complete = (caseToken: string, seqs: number[], seq = seqs.at(-1) ?? 0): FollowCaseAnswer => ({
  ok: true,
  seq,
  missed: seqs.map((item) => entry(item, caseToken)),
  complete: true,
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  cleanup();
  closeLiveSocket();
  fake.created.length = 0;
});

describe('useCaseLive: following', () => {
  it('follows only once the page has read the case, from the seq it read', async () => {
    const page = openCasePage({ serverSeq: 5 });
    await waitFor(() => expect(page.page()).toBeDefined());
    const socket = memberSocket();
    expect(socket.follows).toHaveLength(0); // not connected yet

    act(() => socket.connect());

    expect(socket.follows).toHaveLength(1);
    expect(socket.lastFollow().request).toEqual({ case_token: page.caseToken, after_seq: 5 });
    expect(socket.lastFollow().timeoutMs).toBe(5000);
  });

  it('follows at once on a socket that is already connected (one socket shared by every page)', async () => {
    const first = await pageFollowing();
    first.view.unmount();
    const second = openCasePage({ serverSeq: 12 });
    await waitFor(() => expect(second.page()).toBeDefined());

    expect(fake.created).toHaveLength(1);
    expect(first.socket.lastFollow().request).toEqual({ case_token: second.caseToken, after_seq: 12 });
  });

  it('does not open a socket for a page without a case token', async () => {
    renderHook(() => useCaseLive('', { seq: 3, apply: vi.fn(), reload: vi.fn() }));
    await settle();
    expect(fake.created).toHaveLength(0);
  });

  it('uses a socket of its own, authenticated by the case token, on a public link page', async () => {
    const page = openCasePage({ access: 'link', serverSeq: 2 });
    await waitFor(() => expect(page.page()).toBeDefined());
    const socket = linkSocket();
    expect(socket.options).toMatchObject({ auth: { case_token: page.caseToken }, forceNew: true });

    act(() => socket.connect());
    await answer(socket, complete(page.caseToken, [3]));
    expect(page.applied()).toEqual([3]);
  });
});

describe('useCaseLive: applying entries', () => {
  it('applies each later entry once, in order, and ignores duplicates, older entries and other cases', async () => {
    const { socket, caseToken, applied } = await pageFollowing({ serverSeq: 5 });
    await answer(socket, complete(caseToken, [], 5));

    act(() => {
      for (const seq of [6, 6, 4, 5, 7, 6, 7]) socket.fire(SERVER_EVENTS.caseEvent, entry(seq, caseToken));
      socket.fire(SERVER_EVENTS.caseEvent, entry(8, 'another-case'));
    });

    expect(applied()).toEqual([6, 7]);
  });

  it('holds live entries while the follow is answered, then applies the replay first and the held ones after', async () => {
    const { socket, caseToken, applied } = await pageFollowing({ serverSeq: 5 });

    act(() => {
      for (const seq of [9, 7, 8]) socket.fire(SERVER_EVENTS.caseEvent, entry(seq, caseToken));
    });
    expect(applied()).toEqual([]);

    // The replay holds 6 and 7 (7 also arrived live); the held ones follow it in seq order, 7 only once.
    await answer(socket, complete(caseToken, [6, 7]));
    expect(applied()).toEqual([6, 7, 8, 9]);

    act(() => socket.fire(SERVER_EVENTS.caseEvent, entry(10, caseToken)));
    expect(applied()).toEqual([6, 7, 8, 9, 10]);
  });

  it('after a reconnect follows again from the last entry applied and applies what was missed, without a reload', async () => {
    const { socket, caseToken, applied, read } = await pageFollowing({ serverSeq: 5 });
    await answer(socket, complete(caseToken, []));
    act(() => socket.fire(SERVER_EVENTS.caseEvent, entry(6, caseToken)));

    act(() => socket.drop());
    act(() => socket.connect());

    expect(socket.follows).toHaveLength(2);
    expect(socket.lastFollow().request).toEqual({ case_token: caseToken, after_seq: 6 });
    act(() => socket.fire(SERVER_EVENTS.caseEvent, entry(10, caseToken)));
    await answer(socket, complete(caseToken, [7, 8, 9]));

    expect(applied()).toEqual([6, 7, 8, 9, 10]);
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('reads the case again, once, only when the replay is incomplete', async () => {
    const { socket, caseToken, applied, read, server, page } = await pageFollowing({ serverSeq: 5 });
    server.seq = 300;

    await answer(socket, { ok: true, seq: 300, missed: [entry(6, caseToken), entry(7, caseToken)], complete: false });

    await waitFor(() => expect(read).toHaveBeenCalledTimes(2));
    await settle();
    expect(read).toHaveBeenCalledTimes(2);
    expect(page()).toMatchObject({ event_seq: 300, reads: 2 });
    // Entries keep being applied to the fresh read.
    act(() => socket.fire(SERVER_EVENTS.caseEvent, entry(301, caseToken)));
    expect(applied()).toEqual([301]);
  });

  it('does not read the case again for a complete replay, even an empty one', async () => {
    const { socket, caseToken, read } = await pageFollowing();
    await answer(socket, complete(caseToken, [], 5));
    act(() => socket.drop());
    act(() => socket.connect());
    await answer(socket, complete(caseToken, [6]));
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('does not hold live entries forever when the follow is refused or fails', async () => {
    const { socket, caseToken, applied, read } = await pageFollowing({ serverSeq: 5 });
    act(() => socket.fire(SERVER_EVENTS.caseEvent, entry(6, caseToken)));
    await answer(socket, { ok: false, error: 'Case not found.' });
    expect(applied()).toEqual([6]);

    act(() => socket.drop());
    act(() => socket.connect());
    act(() => socket.fire(SERVER_EVENTS.caseEvent, entry(7, caseToken)));
    socket.lastFollow().fail(new Error('operation has timed out'));
    await settle();
    expect(applied()).toEqual([6, 7]);
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('follows again from the last entry applied when a live entry skips a number', async () => {
    const { socket, caseToken, applied } = await pageFollowing({ serverSeq: 5 });
    await answer(socket, complete(caseToken, [], 5));
    const follows = socket.follows.length;

    act(() => socket.fire(SERVER_EVENTS.caseEvent, entry(8, caseToken)));
    expect(socket.follows).toHaveLength(follows + 1);
    expect(socket.lastFollow().request).toEqual({ case_token: caseToken, after_seq: 5 });
    await answer(socket, complete(caseToken, [6, 7, 8]));

    expect(applied()).toEqual([6, 7, 8]);
  });

  it("skips the numbers of entries its audience never gets (the partner's internal notes) after one follow", async () => {
    const { socket, caseToken, applied, read } = await pageFollowing({ serverSeq: 5 });
    await answer(socket, complete(caseToken, [], 5));
    const follows = socket.follows.length;

    // 6 and 8 were the other company's internal notes: no message for this page, ever.
    act(() => socket.fire(SERVER_EVENTS.caseEvent, entry(7, caseToken)));
    expect(socket.follows).toHaveLength(follows + 1);
    await answer(socket, complete(caseToken, [7], 8));
    expect(applied()).toEqual([7]);
    expect(socket.follows).toHaveLength(follows + 1);

    // The next entry after the replay's number is applied at once, without another follow.
    act(() => socket.fire(SERVER_EVENTS.caseEvent, entry(9, caseToken)));
    expect(applied()).toEqual([7, 9]);
    expect(socket.follows).toHaveLength(follows + 1);
    expect(read).toHaveBeenCalledTimes(1);
  });

  // A follow that fails (the connection drops before its answer, or the 5 s timeout) after a newer live entry
  // arrived: the held entry leaves a gap, so the next follow still asks from the last entry applied.
  it('never skips entries: a follow that fails after a live entry arrived does not lose the replay', async () => {
    const { socket, caseToken, applied, read } = await pageFollowing({ serverSeq: 5 });
    // The server joined the room, entry 8 is broadcast, then the connection drops before the answer (6..8) arrives.
    act(() => socket.fire(SERVER_EVENTS.caseEvent, entry(8, caseToken)));
    act(() => socket.drop());
    socket.lastFollow().fail(new Error('socket has been disconnected'));
    await settle();
    act(() => socket.connect());
    await answer(socket, complete(caseToken, socket.lastFollow().request.after_seq === 5 ? [6, 7, 8] : []));

    expect(applied()).toEqual([6, 7, 8]);
    // Replayed, not read again.
    expect(read).toHaveBeenCalledTimes(1);
  });
});

describe('useCaseLive: presence, typing and leaving', () => {
  it('hands the server’s session end to the session store', async () => {
    const ended = vi.fn();
    onLiveSessionEnded(ended);
    const { socket } = await pageFollowing();
    act(() => socket.fire(SERVER_EVENTS.sessionEnded, { reason: 'disabled' }));
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('shows the viewers of this case only and tells others when this user writes', async () => {
    const { socket, caseToken, view } = await pageFollowing();
    const viewers: PresenceMessage['viewers'] = [{ key: 'user-2', name: 'Grace', company: 'Acme', typing: true }];

    act(() => {
      socket.fire(SERVER_EVENTS.presence, { case_token: caseToken, viewers });
      socket.fire(SERVER_EVENTS.presence, { case_token: 'another-case', viewers: [] });
    });
    expect(view.result.current.viewers).toEqual(viewers);

    view.result.current.setTyping(true);
    expect(socket.emitted).toContainEqual({
      event: CLIENT_EVENTS.typing,
      payload: { case_token: caseToken, typing: true },
    });
  });

  it('stops following when the page closes: unfollows and applies nothing more, even after a reconnect', async () => {
    const { socket, caseToken, view, applied } = await pageFollowing();
    await answer(socket, complete(caseToken, [], 5));

    view.unmount();

    expect(socket.emitted).toContainEqual({ event: CLIENT_EVENTS.unfollowCase, payload: { case_token: caseToken } });
    expect(socket.listeners(SERVER_EVENTS.caseEvent)).toBe(0);
    expect(socket.listeners(SERVER_EVENTS.presence)).toBe(0);
    expect(socket.listeners('connect')).toBe(0);
    act(() => socket.fire(SERVER_EVENTS.caseEvent, entry(6, caseToken)));
    act(() => socket.drop());
    act(() => socket.connect());
    expect(socket.follows).toHaveLength(1);
    expect(applied()).toEqual([]);
  });
});

describe('useCaseLive: handshakes the server refused', () => {
  const elapse = (ms: number) =>
    act(() => {
      vi.advanceTimersByTime(ms);
    });

  async function refusedPage(message: string) {
    const page = openCasePage({ serverSeq: 5 });
    await waitFor(() => expect(page.page()).toBeDefined());
    const socket = memberSocket();
    vi.useFakeTimers();
    act(() => socket.refuse(message));
    return { ...page, socket };
  }

  it('tries an unchecked handshake (unavailable) again, backing off while refused, and follows once in', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.999); // the longest wait of each step: 1 s, 2 s, 4 s ...
    const { socket, caseToken } = await refusedPage(SOCKET_CONNECT_ERRORS.unavailable);
    socket.refusing = SOCKET_CONNECT_ERRORS.unavailable;

    elapse(998);
    expect(socket.connects).toBe(0); // not at once: a storm of clients must not come back in one burst
    elapse(2);
    expect(socket.connects).toBe(1); // refused again
    elapse(1990);
    expect(socket.connects).toBe(1);
    elapse(10);
    expect(socket.connects).toBe(2); // after 2 s; refused again

    socket.refusing = null;
    elapse(4000);
    expect(socket.connected).toBe(true);
    expect(socket.lastFollow().request).toEqual({ case_token: caseToken, after_seq: 5 });

    // A new streak starts again from the first wait.
    act(() => socket.refuse(SOCKET_CONNECT_ERRORS.unavailable));
    elapse(1000);
    expect(socket.connected).toBe(true);
  });

  it('does not try again with credentials the server refused (unauthorized)', async () => {
    const { socket } = await refusedPage(SOCKET_CONNECT_ERRORS.unauthorized);
    elapse(60_000);
    expect(socket.connected).toBe(false);
  });

  it('does not reopen a socket closed meanwhile (signed out)', async () => {
    const { socket } = await refusedPage(SOCKET_CONNECT_ERRORS.unavailable);
    closeLiveSocket();
    elapse(60_000);
    expect(socket.connected).toBe(false);
  });
});
