import { Injectable, type OnModuleInit } from '@nestjs/common';
import { caseEventsAfterCommit, type BroadcastSources, type CommittedCaseEvent } from '@casebridge/db';
import { MikroORM } from '@mikro-orm/core';

/** `sources`: what the events' live messages are built from, when their writer read it (libs/db BroadcastSources). */
type Listener = (events: CommittedCaseEvent[], sources?: BroadcastSources) => Promise<void>;

/**
 * Where the api hears of case events once their transaction has committed, whichever way they were written:
 * through the ORM (an after-commit subscriber) or as plain SQL (the note path calls `announce` after its commit).
 * The live broadcaster and the integration jobs listen, in the order they registered.
 */
@Injectable()
export class CommittedCaseEvents implements OnModuleInit {
  private readonly listeners: Listener[] = [];

  constructor(private readonly orm: MikroORM) {}

  onModuleInit(): void {
    this.orm.em.getEventManager().registerSubscriber(caseEventsAfterCommit((events) => this.announce(events)));
  }

  listen(listener: Listener): void {
    this.listeners.push(listener);
  }

  /** Only for committed events: a listener tells the world. */
  async announce(events: CommittedCaseEvent[], sources?: BroadcastSources): Promise<void> {
    if (events.length === 0) return;
    for (const listener of this.listeners) await listener(events, sources);
  }
}
