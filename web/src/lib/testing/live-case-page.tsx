import { expect, vi } from 'vitest';
import type { ReactNode } from 'react';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import type { CaseEventMessage, FollowCaseAnswer } from '@casebridge/contracts';
import { closeLiveSocket, useCaseLive } from '../live';
import * as fake from './fake-live-socket';
import type { FakeSocket } from './fake-live-socket';

/**
 * A case page following its case live, for the tests of useCaseLive, over the fake socket.io-client (the test file
 * mocks the package with ./fake-live-socket): entries to push, the page, the sockets it opened, follow answers.
 */

/** After each test: real timers and mocks back, the page unmounted, the live socket closed, no fake sockets. */
export function resetLiveTest(): void {
  vi.useRealTimers();
  vi.restoreAllMocks();
  cleanup();
  closeLiveSocket();
  fake.created.length = 0;
}

/** What the stand-in page keeps in the query cache: the seq it is at and every entry handed to `apply`, in order. */
interface CasePage {
  event_seq: number;
  applied: number[];
  reads: number;
}

let tokens = 0;

export function entry(seq: number, caseToken: string): CaseEventMessage {
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
      // Information supplied: the receiver's move.
      turn: 'receiver',
    },
  };
}

/**
 * A page as CaseDetailPage is built: it reads the case through TanStack Query (a real QueryClient), follows it
 * from the read's event_seq, applies entries to the cached answer and refetches on `reload`.
 */
export function openCasePage({ serverSeq = 5, access = 'member' as 'member' | 'link' } = {}) {
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
export const memberSocket = () => lastSocket((socket) => !socket.options.forceNew);
export const linkSocket = () => lastSocket((socket) => socket.options.forceNew === true);
function lastSocket(which: (socket: FakeSocket) => boolean): FakeSocket {
  const socket = fake.created.filter(which).at(-1);
  if (!socket) throw new Error('no such socket was opened');
  return socket;
}

/** Lets the follow's promise chain (then, catch, finally) run. */
export const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

export async function pageFollowing(options?: Parameters<typeof openCasePage>[0]) {
  const page = openCasePage(options);
  await waitFor(() => expect(page.page()).toBeDefined());
  const socket = memberSocket();
  act(() => socket.connect());
  return { ...page, socket };
}

export async function answer(socket: FakeSocket, result: FollowCaseAnswer) {
  socket.lastFollow().answer(result);
  await settle();
}

export const complete = (caseToken: string, seqs: number[], seq = seqs.at(-1) ?? 0): FollowCaseAnswer => ({
  ok: true,
  seq,
  missed: seqs.map((item) => entry(item, caseToken)),
  complete: true,
});
