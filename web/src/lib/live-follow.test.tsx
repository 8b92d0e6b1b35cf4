import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { SERVER_EVENTS, SOCKET_CONNECT_ERRORS } from '@casebridge/contracts';
import { useCaseLive } from './live';
import * as fake from './testing/fake-live-socket';
import {
  answer,
  complete,
  entry,
  linkSocket,
  memberSocket,
  openCasePage,
  pageFollowing,
  settle,
  resetLiveTest,
} from './testing/live-case-page';

/**
 * useCaseLive follows a case from what the page read and applies every later entry exactly once, in order, across
 * replays, reconnects and gaps. The socket is the boundary: socket.io-client is the stand-in of
 * ./testing/fake-live-socket, and the test plays the server.
 */
vi.mock('socket.io-client', () => import('./testing/fake-live-socket'));

afterEach(resetLiveTest);

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

  it('asks again shortly when the server could not read the case just now, and only then', async () => {
    const { socket, caseToken, applied } = await pageFollowing({ serverSeq: 5 });
    // The page's own timers from here on, moved by the test (and with real time for the rest).
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const follows = socket.follows.length;
      await answer(socket, { ok: false, error: SOCKET_CONNECT_ERRORS.unavailable });
      expect(socket.follows).toHaveLength(follows);
      await act(async () => {
        vi.advanceTimersByTime(1000);
      });
      expect(socket.follows).toHaveLength(follows + 1);
      expect(socket.lastFollow().request).toEqual({ case_token: caseToken, after_seq: 5 });
      await answer(socket, complete(caseToken, [6]));
      expect(applied()).toEqual([6]);

      // Refused (no such case for this user): final, however long the page stays.
      act(() => socket.fire(SERVER_EVENTS.caseEvent, entry(8, caseToken)));
      await answer(socket, { ok: false, error: 'Case not found.' });
      await act(async () => {
        vi.advanceTimersByTime(60_000);
      });
      expect(socket.follows).toHaveLength(follows + 2);
    } finally {
      vi.useRealTimers();
    }
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
