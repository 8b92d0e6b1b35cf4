import { ConflictException, ForbiddenException, Inject, Injectable } from '@nestjs/common';
import {
  ASSIGNMENT_MESSAGES,
  caseControls,
  caseStatusLabel,
  PRIORITY_LABELS,
  routePath,
  type CaseAssignee,
  type MailJob,
  type Priority,
} from '@casebridge/contracts';
import { PICKABLE_USER, User, watchAsOwner, type Case } from '@casebridge/db';
import { type ServerConfig } from '@casebridge/server-core';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Actor } from '../platform/access/actor';
import { ValidationException } from '../platform/common/errors';
import { SERVER_CONFIG } from '../platform/config/config.module';
import { MailProducer } from '../platform/mail/mail.producer';
import { CaseAccessService, type CaseWriteOptions, type MemberCase } from './case-access.service';
import { CaseEventsService } from './case-events.service';

type AssignedSide = 'submitter' | 'receiver';

/**
 * Who owns a case on each side. Any member of a side may hand the case to one of that side's active users (or
 * clear it); the change is an `assigned` entry of the log seen by that side only (the partner has its own owner and
 * its engineer contact), and the new owner watches the case and is mailed (their `assignments` preference).
 */
@Injectable()
export class CaseAssignmentService {
  constructor(
    private readonly em: EntityManager,
    private readonly access: CaseAccessService,
    private readonly events: CaseEventsService,
    private readonly mail: MailProducer,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  /** The users the viewer's side may assign the case to: its company's active users, by name. */
  async options(actor: Actor, token: string): Promise<{ users: (CaseAssignee & { email: string })[] }> {
    const member = await this.access.forMember(actor, token);
    sideOf(member);
    const users = await this.em.find(
      User,
      { company: member.company, ...PICKABLE_USER },
      { orderBy: { firstName: 'asc', lastName: 'asc', id: 'asc' } },
    );
    return { users: users.map((user) => ({ ...assigneeOf(user), email: user.email })) };
  }

  async assign(
    actor: Actor,
    token: string,
    userId: number | null,
    options: CaseWriteOptions = {},
  ): Promise<{ assignee: CaseAssignee | null }> {
    const outcome = await this.em.transactional(async () => {
      const member = await this.access.forMember(actor, token, {
        forUpdate: true,
        populate: ['submitterCompany', 'receiverCompany'],
      });
      const side = sideOf(member);
      await this.access.requireEventSeq(member.kase, options);
      if (!caseControls(member.kase.status, side, false).can_assign) {
        throw new ConflictException(ASSIGNMENT_MESSAGES.finished);
      }
      const assignee = userId === null ? null : await this.pickable(member, userId);
      const current = currentAssignee(member.kase, side);
      if ((current?.id ?? null) === (assignee?.id ?? null)) return { assignee, entrySeq: null, member, side };
      setAssignee(member.kase, side, assignee);
      const entry = await this.events.record(
        member.kase,
        'assigned',
        { user: member.viewer, label: member.viewer.fullName },
        { assignee_user_id: assignee?.id ?? null, assignee_name: assignee?.fullName ?? null },
        { visibleTo: side },
      );
      if (assignee) {
        const owner = { userId: assignee.id, caseId: member.kase.id, side };
        await watchAsOwner((sql, params) => this.em.execute(sql, [...params]), owner);
      }
      return { assignee, entrySeq: entry.seq, member, side };
    });
    const { assignee, entrySeq, member, side } = outcome;
    // Assigning oneself tells nobody anything new.
    if (entrySeq !== null && assignee && assignee.id !== member.viewer.id) {
      await this.mail.send(this.assignedMail(member, side, assignee, entrySeq));
    }
    return { assignee: assignee ? assigneeOf(assignee) : null };
  }

  /** An active, approved user of the viewer's company (422 on user_id otherwise, whatever the reason). */
  private async pickable(member: MemberCase, userId: number): Promise<User> {
    const user = await this.em.findOne(User, { id: userId, company: member.company, ...PICKABLE_USER });
    if (!user) throw ValidationException.forField('user_id', ASSIGNMENT_MESSAGES.notAMember);
    return user;
  }

  private assignedMail(member: MemberCase, side: AssignedSide, assignee: User, entrySeq: number): MailJob {
    const { kase } = member;
    const partner = side === 'submitter' ? kase.receiverCompany.name : kase.submitterCompany.name;
    return {
      template: 'case-assigned',
      to: [assignee.email],
      variables: {
        first_name: assignee.firstName,
        assigned_by: member.viewer.fullName,
        case_number: kase.internalCaseNumber,
        partner,
        summary: kase.summary,
        priority: PRIORITY_LABELS[kase.priority as Priority],
        status: caseStatusLabel(kase.status, kase.turn),
        link: this.config.PUBLIC_URL + routePath('case-info', { token: kase.token }),
      },
      // One mail per assignment entry: a retried request finds the owner unchanged and mails nothing.
      dedupeKey: `case-assigned-${kase.id}-${entrySeq}`,
    };
  }
}

/** The viewer's side: only the two companies of a case have owners (403 for a super admin). */
function sideOf(member: MemberCase): AssignedSide {
  if (member.side === 'none') throw new ForbiddenException('Only the two companies of a case may assign it.');
  return member.side;
}

function currentAssignee(kase: Case, side: AssignedSide): User | null {
  return side === 'submitter' ? kase.submitterAssignee : kase.receiverAssignee;
}

function setAssignee(kase: Case, side: AssignedSide, user: User | null): void {
  if (side === 'submitter') kase.submitterAssignee = user;
  else kase.receiverAssignee = user;
}

export function assigneeOf(user: Pick<User, 'id' | 'fullName'>): CaseAssignee {
  return { id: user.id, full_name: user.fullName };
}
