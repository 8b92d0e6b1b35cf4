import {
  ConflictException,
  ForbiddenException,
  Injectable,
  NotFoundException,
  PreconditionFailedException,
} from '@nestjs/common';
import type { RespondStatus } from '@casebridge/contracts';
import { Case, Company, User } from '@casebridge/db';
import { LockMode, type FilterQuery, type Populate } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Actor } from '../platform/access/actor';
import {
  RegistersCaseFollowRules,
  type CaseFollower,
  type CaseFollowRules,
  type CaseFollowTarget,
} from '../platform/realtime/case-follow-rules';
import {
  allowedAnswers,
  answerRefusal,
  CASE_NOT_FOUND,
  caseVersionMismatch,
  isAnswerAllowed,
  type CaseSide,
} from '@casebridge/contracts';

/** A case as a signed-in member reaches it, with the side the member's company stands on. */
export interface MemberCase {
  kase: Case;
  side: CaseSide;
  viewer: User;
  /** The viewer's company (null for a super admin). */
  company: Company | null;
}

/** Relations of a case that handlers load with it. */
export type CaseRelation =
  | 'submitterCompany'
  | 'receiverCompany'
  | 'receiverDepartment'
  | 'document'
  | 'documentVersion'
  | 'customerData'
  | 'responses';

/** What a write asks of the case beyond the access rules. */
export interface CaseWriteOptions {
  /** If-Match: write only while the case's event_seq is one of these (412 otherwise); see requireEventSeq. */
  ifEventSeq?: readonly number[];
}

interface LoadOptions {
  populate?: readonly CaseRelation[];
  /** Lock the row for the rest of the current transaction (mutations). */
  forUpdate?: boolean;
}

/**
 * The one place that decides who reaches a case:
 * - a member reaches a case only if their company submitted or received it (super admins reach all); anyone
 *   else gets 404, so the existence of other companies' cases is never revealed;
 * - a token link reaches only its own case, and only the answers its status allows.
 * Every case handler goes through here, and so does following a case live (registered with the realtime gateway).
 */
@RegistersCaseFollowRules()
@Injectable()
export class CaseAccessService implements CaseFollowRules {
  constructor(private readonly em: EntityManager) {}

  async forMember(actor: Actor, token: string, options: LoadOptions = {}): Promise<MemberCase> {
    const kase = await this.load(memberScope(actor, token), options);
    const viewer = await this.em.findOneOrFail(User, actor.userId, { populate: ['company'] });
    return { kase, side: sideOf(kase, actor.companyId), viewer, company: viewer.company };
  }

  /**
   * Who may follow a case live, by the same rules as reading it: a member of either company (its side), a super
   * admin (staff), a socket opened with the case's own token link (link). Null: not reachable.
   */
  async followTarget(follower: CaseFollower, token: string): Promise<CaseFollowTarget | null> {
    if ('caseLinkToken' in follower) {
      if (follower.caseLinkToken !== token) return null;
      const kase = await this.em.findOne(Case, { token, deletedAt: null }, { fields: ['id'] });
      return kase ? { caseId: kase.id, audience: 'link' } : null;
    }
    const { actor } = follower;
    const kase = await this.em.findOne(Case, memberScope(actor, token), {
      fields: ['id', 'submitterCompany', 'receiverCompany'],
    });
    if (!kase) return null;
    const side = sideOf(kase, actor.companyId);
    return { caseId: kase.id, audience: side === 'none' ? 'staff' : side };
  }

  /** The member must stand on the submitting side (403 otherwise). */
  requireSubmitter(access: MemberCase, action: string): void {
    if (access.side !== 'submitter') throw new ForbiddenException(`Only the submitting company may ${action}.`);
  }

  /** The member must stand on the receiving side (403 otherwise). */
  requireReceiver(access: MemberCase, action: string): void {
    if (access.side !== 'receiver') throw new ForbiddenException(`Only the receiving company may ${action}.`);
  }

  /** A case by its token link (no sign-in). */
  async forTokenLink(token: string, options: LoadOptions = {}): Promise<Case> {
    return this.load({ token, deletedAt: null }, options);
  }

  /** 409 unless the case's status allows this answer now; the case's responses must be loaded. */
  requireAnswerAllowed(kase: Case, answer: RespondStatus): void {
    const allowed = allowedAnswers(kase.status, kase.responses.getItems());
    if (!isAnswerAllowed(answer, allowed)) throw new ConflictException(answerRefusal(answer, kase.status));
  }

  /**
   * 412 unless the case's event_seq is one the write expects (If-Match); nothing to check without an expectation.
   * Call it with the case loaded `forUpdate`, after the access checks (a refused caller learns nothing from it) and
   * before the status rules (RFC 9110 evaluates preconditions first). Every writer of the case's log numbers its
   * entry under that row lock, so no change can come between this check and the caller's write: of two writers
   * sending the same tag, the second finds the first's number and gets 412, with nothing written.
   */
  async requireEventSeq(kase: Case, options: CaseWriteOptions = {}): Promise<void> {
    if (!options.ifEventSeq) return;
    if (!this.em.getTransactionContext()) throw new Error('requireEventSeq: only inside the write, on a locked case');
    // From the row, not the entity: the entity keeps the number it was loaded with.
    const [row] = await this.em.execute<{ event_seq: number }[]>('select event_seq from cases where id = ?', [kase.id]);
    requireExpectedSeq(row.event_seq, options);
  }

  private async load(where: FilterQuery<Case>, options: LoadOptions): Promise<Case> {
    // The lock is taken on the case row alone; relations are loaded after it (FOR UPDATE and outer joins do not mix).
    const kase = await this.em.findOne(Case, where, options.forUpdate ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {});
    if (!kase) throw new NotFoundException(CASE_NOT_FOUND);
    if (options.populate) {
      await this.em.populate(kase, options.populate as Populate<Case, CaseRelation>, { refresh: options.forUpdate });
    }
    return kase;
  }
}

/**
 * memberScope in SQL, for writes kept off the ORM: the condition on the case row `alias` (its token a parameter
 * too), with its parameters in order.
 */
export function memberScopeSql(alias: string, actor: Actor, token: string): { sql: string; params: unknown[] } {
  return {
    sql: `${alias}.token = ? and ${alias}.deleted_at is null
      and (?::boolean or ${alias}.submitter_company_id = ? or ${alias}.receiver_company_id = ?)`,
    params: [token, actor.role === 'super_admin', actor.companyId, actor.companyId],
  };
}

/** The cases a member reaches: its company's (both sides); a super admin every case. */
function memberScope(actor: Actor, token: string): FilterQuery<Case> {
  if (actor.role === 'super_admin') return { token, deletedAt: null };
  if (actor.companyId === null) return { id: -1 };
  return {
    token,
    deletedAt: null,
    $or: [{ submitterCompany: actor.companyId }, { receiverCompany: actor.companyId }],
  };
}

export function sideOf(kase: Pick<Case, 'submitterCompany' | 'receiverCompany'>, companyId: number | null): CaseSide {
  if (companyId === null) return 'none';
  if (kase.submitterCompany.id === companyId) return 'submitter';
  if (kase.receiverCompany.id === companyId) return 'receiver';
  return 'none';
}

/** requireEventSeq for a write that read the case's current event_seq itself (the note path). */
export function requireExpectedSeq(eventSeq: number, options: CaseWriteOptions = {}): void {
  if (options.ifEventSeq && !options.ifEventSeq.includes(eventSeq)) {
    throw new PreconditionFailedException(caseVersionMismatch(eventSeq));
  }
}
