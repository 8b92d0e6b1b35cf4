// Many Socket.IO clients in one process, and the measure of a broadcast to all of them: for each trigger, the
// time from just before it until the last client has the message, and how many clients never got it.
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { io } from 'socket.io-client';

/** Clients opened at the same time: enough to be quick, few enough not to look like a SYN flood. */
const CONNECT_BATCH = 50;

/**
 * Opens `count` websocket clients on `urlOf(i)` with `authOf(i)`, runs `join(socket, i)` on each (follow the case or
 * join the room), and records every `event` message by its `seq`. `shows(i, message)` (default: it arrived) says
 * whether the client's state now shows the change, so the time counted is until every client shows it; it may be
 * async (a client that reads again). Sockets never reconnect: a drop is a loss.
 */
export async function openFleet({ count, urlOf, authOf, join, event = 'case.event', shows = () => true }) {
  const sockets = [];
  const arrivals = new Map(); // seq -> { count, last }
  const waiters = new Map(); // seq -> resolve
  let duplicates = 0;
  let drops = 0;

  const open = (index) =>
    new Promise((resolve, reject) => {
      const socket = io(urlOf(index), {
        path: '/socket.io',
        auth: authOf(index),
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
        // The handshake authenticates against the database: give a busy machine time.
        timeout: 60_000,
      });
      let lastSeq = -Infinity;
      socket.on(event, async (message) => {
        if (message.seq <= lastSeq) {
          duplicates += 1;
          return;
        }
        lastSeq = message.seq;
        if (!(await shows(index, message))) return;
        const now = performance.now();
        const seen = arrivals.get(message.seq) ?? { count: 0, last: 0 };
        seen.count += 1;
        seen.last = now;
        arrivals.set(message.seq, seen);
        if (seen.count === count) waiters.get(message.seq)?.();
      });
      socket.once('connect', () => {
        socket.on('disconnect', () => (drops += 1));
        join(socket, index).then(() => resolve(socket), reject);
      });
      socket.once('connect_error', (error) => {
        socket.close();
        reject(new Error(`client ${index}: ${error.message}`));
      });
    });

  for (let start = 0; start < count; start += CONNECT_BATCH) {
    const batch = Array.from({ length: Math.min(CONNECT_BATCH, count - start) }, (_, offset) => open(start + offset));
    sockets.push(...(await Promise.all(batch)));
  }

  return {
    sockets,
    /** Calls `trigger(k)` for k = 0..n-1, one after another, each waiting for every client (or `timeoutMs`). */
    async measure({ notes, trigger, seqOf, timeoutMs = 10_000 }) {
      const lastClientMs = [];
      const triggerMs = [];
      let lost = 0;
      for (let k = 0; k < notes; k += 1) {
        const seq = seqOf(k);
        const everyone = new Promise((resolve) => waiters.set(seq, resolve));
        const started = performance.now();
        await trigger(k);
        triggerMs.push(performance.now() - started);
        await Promise.race([everyone, sleep(timeoutMs)]);
        waiters.delete(seq);
        const seen = arrivals.get(seq) ?? { count: 0, last: NaN };
        lost += count - seen.count;
        if (seen.count === count) lastClientMs.push(seen.last - started);
      }
      return { lastClientMs, triggerMs, lost, duplicates, drops };
    },
    async close() {
      for (const socket of sockets) socket.close();
      await sleep(100);
    },
  };
}
