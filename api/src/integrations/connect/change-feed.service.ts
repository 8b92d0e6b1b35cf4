import { ForbiddenException, Injectable } from '@nestjs/common';
import { FEED_MESSAGES, type FeedPage, type FeedQuery } from '@casebridge/contracts';
import { caseFeedMessages, decodeFeedCursor, encodeFeedCursor, readCaseFeed, type FeedPosition } from '@casebridge/db';
import { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import type { Actor } from '../../platform/access/actor';
import { ValidationException } from '../../platform/common/errors';

/**
 * The change feed of the integration API: a company's case entries after a cursor, in the order the feed keeps
 * for ever (libs/db case-feed), each as the live message to the company's side of the case.
 */
@Injectable()
export class ChangeFeedService {
  constructor(private readonly em: EntityManager) {}

  async page(actor: Actor, query: z.output<typeof FeedQuery>): Promise<FeedPage> {
    if (actor.companyId === null) throw new ForbiddenException(FEED_MESSAGES.noCompany);
    const after = query.after === undefined ? null : positionOf(query.after);
    const run = <T extends object>(sql: string, params: readonly unknown[]) => this.em.execute<T[]>(sql, [...params]);
    // One entry more than asked tells whether more are ready now.
    const entries = await readCaseFeed(run, actor.companyId, after, query.limit + 1);
    const page = entries.slice(0, query.limit);
    const data = await caseFeedMessages(run, page);
    const last = page.at(-1)?.position;
    return {
      data,
      next_cursor: last ? encodeFeedCursor(last) : (query.after ?? null),
      has_more: entries.length > query.limit,
    };
  }
}

function positionOf(cursor: string): FeedPosition {
  const position = decodeFeedCursor(cursor);
  if (!position) throw ValidationException.forField('after', FEED_MESSAGES.badCursor);
  return position;
}
