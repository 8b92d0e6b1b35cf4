import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, waitFor } from '@testing-library/react';
import { CLIENT_EVENTS, SERVER_EVENTS, SOCKET_CONNECT_ERRORS, type PresenceMessage } from '@casebridge/contracts';
import { closeLiveSocket, onLiveSessionEnded } from './live';
import {
  answer,
  complete,
  entry,
  memberSocket,
  openCasePage,
  pageFollowing,
  resetLiveTest,
} from './testing/live-case-page';

/**
 * What useCaseLive does around the entries: the session end, presence and typing, leaving the page, and handshakes
 * the server refused. The socket is the boundary: socket.io-client is the stand-in of ./testing/fake-live-socket,
 * and the test plays the server.
 */
vi.mock('socket.io-client', () => import('./testing/fake-live-socket'));

afterEach(resetLiveTest);

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
