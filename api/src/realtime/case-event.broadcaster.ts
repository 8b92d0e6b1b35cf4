import { Injectable, type OnModuleInit } from '@nestjs/common';
import { rooms, SERVER_EVENTS } from '@casebridge/contracts';
import { CaseEvent } from '@casebridge/db';
import { ChangeSetType, MikroORM, type EventSubscriber, type FlushEventArgs } from '@mikro-orm/core';
import { toMessage } from './realtime.gateway';
import { RealtimePublisher } from './realtime.publisher';

/**
 * Pushes every case event the moment its transaction is committed, whichever service wrote it: the case room
 * gets the event, both companies' rooms a list refresh, and super admins an escalation-queue refresh.
 * Hooked on afterFlush so that an event is never announced for a change that was rolled back.
 */
@Injectable()
export class CaseEventBroadcaster implements EventSubscriber, OnModuleInit {
  constructor(
    private readonly orm: MikroORM,
    private readonly publisher: RealtimePublisher,
  ) {}

  onModuleInit(): void {
    this.orm.em.getEventManager().registerSubscriber(this);
  }

  afterFlush(args: FlushEventArgs): void {
    for (const changeSet of args.uow.getChangeSets()) {
      if (changeSet.type !== ChangeSetType.CREATE || !(changeSet.entity instanceof CaseEvent)) continue;
      const event = changeSet.entity;
      const found = event.case;
      const message = toMessage(found, event);
      this.publisher.emit(rooms.case(found.id), SERVER_EVENTS.caseEvent, message);
      const companies = [found.submitterCompany.id, found.receiverCompany.id].map((id) => rooms.company(id));
      this.publisher.emit(companies, SERVER_EVENTS.casesChanged, {
        case_token: found.token,
        status: found.status,
        seq: event.seq,
      });
      this.publisher.emit(rooms.superAdmins, SERVER_EVENTS.queueChanged, { queue: 'escalation' });
    }
  }
}
