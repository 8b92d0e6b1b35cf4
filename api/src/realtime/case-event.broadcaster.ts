import { Injectable, type OnModuleInit } from '@nestjs/common';
import { rooms, SERVER_EVENTS, type CaseEventMessage } from '@casebridge/contracts';
import { CaseEvent } from '@casebridge/db';
import { MikroORM } from '@mikro-orm/core';
import { AfterCommit } from '@casebridge/db';
import { toMessage } from './realtime.gateway';
import { RealtimePublisher } from './realtime.publisher';

interface Announcement {
  caseId: number;
  companyIds: number[];
  message: CaseEventMessage;
}

/**
 * Pushes every case event once its transaction has committed, whichever service wrote it: the case room gets
 * the event, both companies' rooms a list refresh, and super admins an escalation-queue refresh. Never for a
 * change that was rolled back (see AfterCommit). A socket following the case reads its list refresh from the
 * case.event itself (same token, status and seq), so cases.changed skips the case room: with many followers
 * that halves the packets of every note.
 */
@Injectable()
export class CaseEventBroadcaster implements OnModuleInit {
  constructor(
    private readonly orm: MikroORM,
    private readonly publisher: RealtimePublisher,
  ) {}

  onModuleInit(): void {
    this.orm.em
      .getEventManager()
      .registerSubscriber(
        new AfterCommit<Announcement>(announcementOf, async (announcements) =>
          announcements.forEach((item) => this.announce(item)),
        ),
      );
  }

  private announce({ caseId, companyIds, message }: Announcement): void {
    const caseRoom = rooms.case(caseId);
    this.publisher.emit(caseRoom, SERVER_EVENTS.caseEvent, message);
    this.publisher.emitExcept(
      companyIds.map((id) => rooms.company(id)),
      caseRoom,
      SERVER_EVENTS.casesChanged,
      {
        case_token: message.case_token,
        status: message.status,
        seq: message.seq,
      },
    );
    this.publisher.emit(rooms.superAdmins, SERVER_EVENTS.queueChanged, { queue: 'escalation' });
  }
}

/** Taken at flush time, while the case as written is at hand. */
function announcementOf(entity: object): Announcement | null {
  if (!(entity instanceof CaseEvent)) return null;
  const found = entity.case;
  return {
    caseId: found.id,
    companyIds: [found.submitterCompany.id, found.receiverCompany.id],
    message: toMessage(found, entity),
  };
}
