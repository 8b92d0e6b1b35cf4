import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { caseEventBroadcasts, type BroadcastSources, type SqlRunner, type StoredCaseEvent } from '@casebridge/db';
import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { preparedRunner } from '../common/prepared-reads';
import { CommittedCaseEvents } from './committed-case-events';
import { RealtimePublisher } from './realtime.publisher';

/**
 * Pushes every case event the api writes once its transaction has committed, whichever service wrote it, as the
 * one rule in libs/db builds it: each audience of the case its version of the entry, each company its list row,
 * super admins the queue row. (The worker's events take the same rule through the relay stream.)
 */
@Injectable()
export class CaseEventBroadcaster implements OnModuleInit {
  private readonly logger = new Logger('CaseEventBroadcaster');

  constructor(
    private readonly orm: MikroORM,
    private readonly publisher: RealtimePublisher,
    private readonly committed: CommittedCaseEvents,
  ) {}

  onModuleInit(): void {
    this.committed.listen((events, sources) => this.announce(events, sources));
  }

  private async announce(events: StoredCaseEvent[], sources?: BroadcastSources): Promise<void> {
    // A fork of its own per read (the committing request's context may already be gone), only when there is one
    // to make: a note brings its sources. The reads are fixed statements, run prepared on pooled connections.
    const run: SqlRunner = (sql, params) => preparedRunner(this.orm.em.fork() as EntityManager)(sql, params);
    try {
      const broadcasts = await caseEventBroadcasts(run, events, new Date(), sources);
      this.publisher.publish(broadcasts);
    } catch (error) {
      // The change is committed; a follower that missed it replays it from the case log on its next follow.
      this.logger.warn(`case event broadcast failed: ${String(error)}`);
    }
  }
}
