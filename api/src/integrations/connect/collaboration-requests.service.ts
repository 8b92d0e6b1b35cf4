import { ForbiddenException, Inject, Injectable } from '@nestjs/common';
import {
  COLLABORATION_MESSAGES,
  type CollaborationNoteList,
  type CollaborationRequest,
  type CollaborationRequestPage,
  type CollaborationRequestQuery,
} from '@casebridge/contracts';
import type { ServerConfig } from '@casebridge/server-core';
import type { z } from 'zod';
import { CaseDetailsService } from '../../cases/case-details.service';
import type { Actor } from '../../platform/access/actor';
import { ValidationException } from '../../platform/common/errors';
import { SERVER_CONFIG } from '../../platform/config/config.module';
import { CollaborationCursors } from './collaboration-cursor';
import { toCollaborationNote, toCollaborationRequest } from './collaboration-request.mapper';

type ListQuery = z.output<typeof CollaborationRequestQuery>;

/**
 * The integration API's cases, read as a member of the caller's company reads them on the case page: the same
 * services, so the same rules (another company's case is 404, notes only where the company's feed is on, customer
 * data gone once retention purged it). An account of no company (a super admin) is refused: 403.
 */
@Injectable()
export class CollaborationRequestsService {
  private readonly cursors: CollaborationCursors;

  constructor(
    private readonly details: CaseDetailsService,
    @Inject(SERVER_CONFIG) config: ServerConfig,
  ) {
    this.cursors = new CollaborationCursors(config.JWT_SECRET);
  }

  async list(actor: Actor, query: ListQuery): Promise<CollaborationRequestPage> {
    const companyId = companyOf(actor);
    const after = query.cursor === undefined ? null : this.positionOf(query.cursor);
    const filter = {
      status: query.status,
      direction: query.direction,
      partner: query.partner,
      createdAfter: query.created_after,
      createdBefore: query.created_before,
      updatedAfter: query.updated_after,
      updatedBefore: query.updated_before,
    };
    // One case more than asked tells whether more follow now.
    const cases = await this.details.companyCases(companyId, filter, after, query.limit + 1);
    const page = cases.slice(0, query.limit);
    const last = page.at(-1);
    return {
      data: page.map((kase) => toCollaborationRequest(kase.entry, kase.direction)),
      next_cursor: last ? this.cursors.encode(last.position) : (query.cursor ?? null),
      has_more: cases.length > query.limit,
    };
  }

  /** `fresh`: read after this request's own write (the answer of an action). */
  async get(actor: Actor, token: string, options: { fresh?: boolean } = {}): Promise<CollaborationRequest> {
    companyOf(actor);
    const { case: detail } = await this.details.forMember(actor, token, options);
    return toCollaborationRequest(detail, detail.direction);
  }

  /** As the case page's feed: none where the caller's company has notes off (as the page shows it, no 403). */
  async notes(actor: Actor, token: string): Promise<CollaborationNoteList> {
    companyOf(actor);
    const { case: detail } = await this.details.forMember(actor, token);
    return { data: detail.notes.map(toCollaborationNote), notes_enabled: detail.allow_notes };
  }

  private positionOf(cursor: string) {
    const position = this.cursors.decode(cursor);
    if (!position) throw ValidationException.forField('cursor', COLLABORATION_MESSAGES.badCursor);
    return position;
  }
}

/** The caller's company: the integration API acts as a member of one. */
export function companyOf(actor: Actor): number {
  if (actor.companyId === null) throw new ForbiddenException(COLLABORATION_MESSAGES.noCompany);
  return actor.companyId;
}
