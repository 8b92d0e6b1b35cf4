import type { Client } from 'openapi-fetch';
import { setTimeout as delay } from 'node:timers/promises';
import { ConnectApiError } from './errors';
import type { paths } from './generated/connect';

export type FeedPage = paths['/api/v1/events']['get']['responses'][200]['content']['application/json'];
/** One entry of the company's change feed. */
export type FeedEvent = FeedPage['data'][number];

export interface IterateOptions {
  /** The cursor of the last entry processed (an event's `cursor`); leave out to start from the oldest entry kept. */
  after?: string;
  /** Entries per page (the server allows up to 500). */
  limit?: number;
  /** Keep polling once caught up instead of stopping. */
  follow?: boolean;
  /** The wait between polls once caught up, with `follow`. Default 5 s. */
  pollIntervalMs?: number;
  /** Ends the iteration (also while it waits or a page is on its way). */
  signal?: AbortSignal;
}

/**
 * Every entry of the change feed after `after`, once and in order, page by page with `next_cursor`. Store the
 * `cursor` of each event once it is processed to resume there after a restart.
 */
export async function* iterateEvents(client: Client<paths>, options: IterateOptions = {}): AsyncGenerator<FeedEvent> {
  const { limit, follow = false, pollIntervalMs = 5_000, signal } = options;
  let cursor = options.after;
  while (!signal?.aborted) {
    let page: FeedPage;
    try {
      const { data, error, response } = await client.GET('/api/v1/events', {
        params: { query: { after: cursor, limit } },
        signal,
      });
      if (!data) throw ConnectApiError.of(error, response);
      page = data;
    } catch (error) {
      if (signal?.aborted) return;
      throw error;
    }
    for (const event of page.data) {
      yield event;
      // The consumer may abort between events: the rest of the page is not handed out.
      if (signal?.aborted) return;
    }
    cursor = page.next_cursor ?? cursor;
    if (page.has_more) continue;
    if (!follow) return;
    try {
      await delay(pollIntervalMs, undefined, { signal });
    } catch {
      return;
    }
  }
}
