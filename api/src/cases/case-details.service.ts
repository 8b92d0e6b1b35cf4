import { Injectable, NotFoundException } from '@nestjs/common';
import {
  allowedAnswers,
  caseControls,
  isSlaPaused,
  type AllowedAnswers,
  type CaseDetail,
  type CaseDirection,
  type CaseEntry,
  type CaseResponseShape,
  type CaseSide,
  type PublicCaseResponse,
} from '@casebridge/contracts';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Actor } from '../platform/access/actor';
import { CachedReads } from '../platform/read-cache/cached-reads.service';
import { readTags } from '../platform/read-cache/read-cache';
import { CASE_NOT_FOUND } from '@casebridge/contracts';
import { readRows } from '../platform/common/prepared-reads';
import {
  caseDetailsQuery,
  companyCasesQuery,
  type CaseDetailsLookup,
  type CaseDetailsRecord,
  type CaseEntryRecord,
  type CasePageRecord,
  type CasePosition,
  type CompanyCasesFilter,
} from './case-details.sql';

export type { CasePosition, CompanyCasesFilter } from './case-details.sql';

/** A case of a company's page: the case as both sides see it, its direction for the company, and its position. */
export interface CompanyCase {
  entry: CaseEntry;
  direction: CaseDirection;
  position: CasePosition;
}

/**
 * The case pages read in one SQL statement (case-details.sql.ts): the member page, the token page, the super
 * admin's case page, and pages of a company's cases in creation order (the integration API's list). Who reaches
 * which case is the rule of CaseAccessService: a member only the cases of their company (404 otherwise), a super
 * admin any, a token link its own.
 */
@Injectable()
export class CaseDetailsService {
  constructor(
    private readonly em: EntityManager,
    private readonly reads: CachedReads,
  ) {}

  /** `fresh`: after a write of this request, wait until the cached reads have seen it (CachedReads.sync). */
  async forMember(actor: Actor, token: string, options: { fresh?: boolean } = {}): Promise<{ case: CaseDetail }> {
    const superAdmin = actor.role === 'super_admin';
    if (!superAdmin && actor.companyId === null) throw new NotFoundException(CASE_NOT_FOUND);
    if (options.fresh) await this.reads.sync();
    const record = await this.read({
      by: { token },
      companyId: superAdmin ? null : actor.companyId,
      viewerCompanyId: actor.companyId,
    });
    return { case: toDetail(record, actor.companyId) };
  }

  /**
   * Up to `limit` cases of the company's lists after `after`, in (created_at, id) order: the order new cases only
   * extend, so paging by position never skips nor repeats one. One statement for the page.
   */
  async companyCases(
    companyId: number,
    filter: CompanyCasesFilter,
    after: CasePosition | null,
    limit: number,
  ): Promise<CompanyCase[]> {
    const records = await readRows<CasePageRecord>(this.em, companyCasesQuery(companyId, filter, after, limit));
    return records.map((record) => ({
      entry: toEntry(record),
      direction: directionOf(record, companyId),
      position: { createdAt: record.position_at, id: record.id },
    }));
  }

  /** The super admin's case page: the case as a viewer of neither side sees it, and the answers it allows now. */
  async forSuperAdmin(id: number): Promise<{ case: CaseDetail; allowed: AllowedAnswers }> {
    const record = await this.read({ by: { id }, companyId: null, viewerCompanyId: null });
    const detail = toDetail(record, null);
    return { case: detail, allowed: allowedAnswers(detail.status, stampsOf(detail.responses)) };
  }

  async forTokenLink(token: string): Promise<PublicCaseResponse> {
    const record = await this.read({ by: { token }, companyId: null, viewerCompanyId: null });
    const entry = toEntry(record);
    const responses = entry.responses;
    return {
      case: entry,
      response: responses.length ? responses[responses.length - 1] : null,
      allResponses: responses,
      receiver: { name: record.receiver_name, slug: record.receiver_slug },
      allowed: allowedAnswers(entry.status, stampsOf(responses)),
    };
  }

  private async read(lookup: CaseDetailsLookup): Promise<CaseDetailsRecord> {
    const [record] = await this.reads.rows<CaseDetailsRecord>(this.em, caseDetailsQuery(lookup), (rows) =>
      rows.map((row) => readTags.case(row.id)),
    );
    if (!record) throw new NotFoundException(CASE_NOT_FOUND);
    return record;
  }
}

const stampsOf = (responses: CaseResponseShape[]) =>
  responses.map((response) => ({ type: response.type, createdAt: new Date(response.created_at) }));

function sideOf(record: CaseEntryRecord, companyId: number | null): CaseSide {
  if (companyId === null) return 'none';
  if (record.submitter_id === companyId) return 'submitter';
  if (record.receiver_id === companyId) return 'receiver';
  return 'none';
}

/** Inbound for the company that received the case from another; outbound otherwise (a super admin too). */
function directionOf(record: CaseEntryRecord, companyId: number | null): CaseDirection {
  return sideOf(record, companyId) === 'receiver' ? 'inbound' : 'outbound';
}

function toDetail(record: CaseDetailsRecord, viewerCompanyId: number | null): CaseDetail {
  const side = sideOf(record, viewerCompanyId);
  const allowNotes = record.allow_notes ?? false;
  return {
    ...toEntry(record),
    direction: directionOf(record, viewerCompanyId),
    notes: allowNotes
      ? (record.notes ?? []).map((note) => ({
          ...note,
          user: note.user ? { full_name: `${note.user.first_name} ${note.user.last_name}`.trim() } : null,
        }))
      : [],
    attachments: record.attachments ?? [],
    escalations: record.escalations ?? [],
    timeline: record.timeline ?? [],
    assignee: record.assignee,
    allow_notes: allowNotes,
    controls: caseControls(record.status, side, allowNotes),
  };
}

/** The case as both sides and the token page see it; keys in the contract's order. */
function toEntry(record: CaseEntryRecord): CaseEntry {
  const paused = isSlaPaused({
    responseDueAt: null,
    slaPausedAt: record.sla_paused_at === null ? null : new Date(record.sla_paused_at),
    slaStoppedAt: record.sla_stopped_at === null ? null : new Date(record.sla_stopped_at),
  });
  return {
    id: record.id,
    token: record.token,
    status: record.status,
    internal_case_number: record.internal_case_number,
    summary: record.summary,
    description: record.description,
    priority: record.priority,
    company: { id: record.submitter_id, name: record.submitter_name, slug: record.submitter_slug },
    receiver: {
      id: record.receiver_id,
      name: record.receiver_name,
      slug: record.receiver_slug,
      department: record.department,
    },
    engineer: {
      first_name: record.engineer_first_name,
      last_name: record.engineer_last_name,
      email: record.engineer_email,
      phone: record.engineer_phone,
      phone_country_code: record.engineer_phone_country_code,
    },
    receiver_case_number: record.receiver_case_number,
    receiver_engineer: {
      name: record.receiver_engineer_name,
      email: record.receiver_engineer_email,
      phone: record.receiver_engineer_phone,
    },
    customer_data: record.customer_data ?? [],
    customer_data_purged: record.customer_data_purged,
    responses: record.responses ?? [],
    document: {
      id: record.document_id,
      name: record.document_name,
      document_type: record.document_type,
      escalation_instructions: record.escalation_instructions,
    },
    created_at: record.created_at,
    updated_at: record.updated_at,
    response_due_at: record.response_due_at,
    sla_paused: paused,
    event_seq: record.event_seq,
    is_test: record.is_test,
    turn: record.turn,
  };
}
