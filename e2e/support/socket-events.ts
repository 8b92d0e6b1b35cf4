import type { Page, WebSocket } from '@playwright/test';

/** A Socket.IO event as a page received it over its websocket. */
export interface ReceivedSocketEvent {
  name: string;
  payload: unknown;
}

/**
 * The event of a Socket.IO v4 text frame: engine.io "message" (4) carrying a socket.io EVENT (2), with an optional
 * namespace and ack id before the JSON array `[name, payload, ...]`. Anything else (pings, acks, connect) is null.
 */
export function parseSocketIoEvent(frame: string): { name: string; payload: unknown } | null {
  const match = /^42(?:\/[^,]*,)?\d*(\[[\s\S]*\])$/.exec(frame);
  if (!match) return null;
  try {
    const [name, payload] = JSON.parse(match[1]) as [unknown, unknown];
    return typeof name === 'string' ? { name, payload } : null;
  } catch {
    return null;
  }
}

/**
 * Records the Socket.IO events a page receives, so a journey can prove that a change reached the browser live
 * (over the socket) and not through a reload or a poll. Create it before the page opens its socket (before goto).
 */
export class SocketEvents {
  readonly received: ReceivedSocketEvent[] = [];
  private readonly listeners = new Set<() => void>();

  constructor(page: Page) {
    page.on('websocket', (socket) => this.watch(socket));
  }

  private watch(socket: WebSocket): void {
    if (!socket.url().includes('/socket.io/')) return;
    socket.on('framereceived', ({ payload }) => {
      const event = parseSocketIoEvent(typeof payload === 'string' ? payload : payload.toString('utf8'));
      if (!event) return;
      this.received.push(event);
      for (const listener of this.listeners) listener();
    });
  }

  /** Events of one name received so far, oldest first. */
  named<T>(name: string): T[] {
    return this.received.filter((event) => event.name === name).map((event) => event.payload as T);
  }

  /** The first event (already received or still to come) of this name whose payload matches. */
  waitFor<T>(name: string, matches: (payload: T) => boolean = () => true, timeoutMs = 10_000): Promise<T> {
    const find = () =>
      this.received.find((event) => event.name === name && matches(event.payload as T))?.payload as T | undefined;
    const found = find();
    if (found !== undefined) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const listener = () => {
        const match = find();
        if (match === undefined) return;
        clearTimeout(timer);
        this.listeners.delete(listener);
        resolve(match);
      };
      const timer = setTimeout(() => {
        this.listeners.delete(listener);
        reject(new Error(`No socket event ${name} matching within ${timeoutMs} ms`));
      }, timeoutMs);
      this.listeners.add(listener);
    });
  }
}

/**
 * Marks the page's current document; `isSameDocument` is true only while no reload or navigation to a new
 * document has happened since (client-side route changes keep the mark).
 */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __e2eDocumentMark?: boolean }).__e2eDocumentMark = true;
  });
}

export function isSameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __e2eDocumentMark?: boolean }).__e2eDocumentMark === true);
}
