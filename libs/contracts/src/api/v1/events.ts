import { z } from 'zod';
import { CaseEventMessage } from '../../realtime';
import { endpoint } from '../endpoint';

/** Page sizes of the change feed: larger than the screens' lists, so a connector catches up in few requests. */
export const FEED_PAGE = { defaultLimit: 100, maxLimit: 500, cursorMaxLength: 64 } as const;

export const FEED_MESSAGES = {
  badCursor: 'The cursor is not one this feed gave out.',
  noCompany: 'The change feed belongs to a member company; this account has none.',
} as const;

/**
 * One entry of a company's change feed: the live `case.event` message of the company's side of the case (the same
 * fields, filtered alike), with the entry's id, its cursor (resume after it) and the case's direction for the
 * company.
 */
export const FeedEvent = CaseEventMessage.extend({
  id: z.string(),
  cursor: z.string(),
  direction: z.enum(['outbound', 'inbound']),
});
export type FeedEvent = z.infer<typeof FeedEvent>;

export const FeedQuery = z.object({
  /** The cursor of the last entry processed; leave out to start from the oldest entry kept. */
  after: z
    .string()
    .max(FEED_PAGE.cursorMaxLength, FEED_MESSAGES.badCursor)
    .optional()
    .transform((value) => value || undefined),
  limit: z.coerce
    .number({ error: 'The limit must be a number.' })
    .int('The limit must be a whole number.')
    .min(1, 'The limit must be at least 1.')
    .max(FEED_PAGE.maxLimit, `The limit may not be greater than ${FEED_PAGE.maxLimit}.`)
    .default(FEED_PAGE.defaultLimit),
});
export type FeedQuery = z.input<typeof FeedQuery>;

export const FeedPage = z.object({
  data: z.array(FeedEvent),
  /** Where to continue: the last entry's cursor, or the one asked with when the page is empty. */
  next_cursor: z.string().nullable(),
  /** More entries are ready now; when false, ask again later with next_cursor. */
  has_more: z.boolean(),
});
export type FeedPage = z.infer<typeof FeedPage>;

export const connectEventsApi = {
  list: endpoint({
    method: 'GET',
    path: 'v1/events',
    access: 'user',
    scope: 'cases:read',
    summary:
      'The change feed: every entry of every case of your company, as a live message shows it to your side, in one order that never changes',
    query: FeedQuery,
    response: FeedPage,
  }),
};
