import {
  NOTE_ENTRY_TYPES,
  type CaseAssignee,
  type CaseDirection,
  type CaseEscalationShape,
  type CaseStatus,
  type CaseTimelineEntry,
  type CaseTurn,
  type NoteVisibility,
  type Priority,
} from '@casebridge/contracts';
import { caseEscalationsJson, entryVisibleSql, readerSideSql } from '@casebridge/db';
import { fragment, joinFragments, type Fragment } from '../platform/common/page-totals';
import { isoUtc } from '../platform/common/sql-text';
import { companySides, LISTED_CASES } from './case-list.sql';

/**
 * One statement for a whole case page (and one for a page of a company's cases): the case with its companies,
 * department, process and version, and its customer data, responses, notes and attachments as JSON arrays already
 * in the response's shape and order. No entity is hydrated; the viewer-dependent parts (side, controls, SLA flag)
 * are added in code from the shared rules.
 */

/** How the case is found, and who reads it. */
export interface CaseDetailsLookup {
  by: { token: string } | { id: number };
  /** Only cases this company submitted or received; null reaches any case (super admins, token links). */
  companyId: number | null;
  /** The viewer's company, whose allow_notes decides whether the notes are read at all; null reads none. */
  viewerCompanyId: number | null;
}

/** A case as both sides and the token page see it (CaseEntry), as read. */
export interface CaseEntryRecord {
  id: number;
  token: string;
  status: CaseStatus;
  internal_case_number: string;
  summary: string;
  description: string;
  priority: Priority;
  submitter_id: number;
  submitter_name: string;
  submitter_slug: string;
  receiver_id: number;
  receiver_name: string;
  receiver_slug: string;
  department: string | null;
  engineer_first_name: string;
  engineer_last_name: string;
  engineer_email: string;
  engineer_phone: string | null;
  engineer_phone_country_code: string;
  receiver_case_number: string | null;
  receiver_engineer_name: string | null;
  receiver_engineer_email: string | null;
  receiver_engineer_phone: string | null;
  customer_data_purged: boolean;
  /** Null when purged or empty. */
  customer_data: { section: string; field: string; value: string | null; type: string }[] | null;
  responses: ResponseRecord[] | null;
  document_id: number;
  document_name: string;
  document_type: string;
  escalation_instructions: string | null;
  created_at: string;
  updated_at: string;
  response_due_at: string | null;
  sla_paused_at: string | null;
  sla_stopped_at: string | null;
  event_seq: number;
  is_test: boolean;
  turn: CaseTurn | null;
}

/** A whole case page: the case, and the notes and attachments its viewer reads. */
export interface CaseDetailsRecord extends CaseEntryRecord {
  allow_notes: boolean | null;
  assignee: CaseAssignee | null;
  /** Null unless the viewer's company allows notes (or when there are none). */
  notes: NoteRecord[] | null;
  attachments: AttachmentRecord[] | null;
  /** The manager escalations linked to the case, oldest first; null when none. */
  escalations: CaseEscalationShape[] | null;
  /** The log's entries the viewer's side sees, oldest first; null when none. */
  timeline: CaseTimelineEntry[] | null;
}

export interface ResponseRecord {
  id: number;
  type: 'approval' | 'information-request' | 'rejection' | 'information-response';
  case_number: string | null;
  engineer_name: string | null;
  engineer_email: string | null;
  engineer_phone: string | null;
  reviewer_name: string | null;
  reviewer_email: string | null;
  next_steps: string | null;
  additional_information: string | null;
  created_at: string;
}

export interface NoteRecord {
  id: number;
  summary: string | null;
  description: string | null;
  created_at: string;
  creator_name: string;
  /** The author's names; the full name is made in code, as User.fullName does. */
  user: { first_name: string; last_name: string } | null;
  company: { name: string; url: string | null } | null;
  visibility: NoteVisibility;
}

export interface AttachmentRecord {
  id: number;
  original_filename: string;
  size_bytes: number;
  description: string | null;
  upload_state: 'pending' | 'uploading' | 'done' | 'failed' | 'not_required';
  created_at: string;
  company: { name: string } | null;
}

const CUSTOMER_DATA = `(select json_agg(json_build_object('section', d.section, 'field', d.field, 'value', d.value,
    'type', d.type) order by d.id)
  from case_customer_data d where d.case_id = c.id)`;

const RESPONSES = `(select json_agg(json_build_object('id', r.id, 'type', r.type, 'case_number', r.case_number,
    'engineer_name', r.engineer_name, 'engineer_email', r.engineer_email, 'engineer_phone', r.engineer_phone,
    'reviewer_name', r.reviewer_name, 'reviewer_email', r.reviewer_email, 'next_steps', r.next_steps,
    'additional_information', r.additional_information, 'created_at', ${isoUtc('r.created_at')})
    order by r.created_at, r.id)
  from case_responses r where r.case_id = c.id)`;

const NOTES = `(select json_agg(json_build_object('id', n.id, 'summary', n.summary, 'description', n.description,
    'created_at', ${isoUtc('n.created_at')}, 'creator_name', n.creator_name,
    'user', case when u.id is null then null else json_build_object('first_name', u.first_name,
      'last_name', u.last_name) end,
    'company', case when nc.id is null then null else json_build_object('name', nc.name, 'url', nc.url) end,
    'visibility', n.visibility)
    order by n.created_at desc, n.id desc)
  from case_notes n
  left join users u on u.id = n.user_id
  left join companies nc on nc.id = n.company_id
  where n.case_id = c.id and n.deleted_at is null and (n.visibility = 'partner' or n.company_id = viewer.id))`;

const ATTACHMENTS = `(select json_agg(json_build_object('id', a.id, 'original_filename', a.original_filename,
    'size_bytes', a.size_bytes, 'description', a.description, 'upload_state', a.upload_state,
    'created_at', ${isoUtc('a.created_at')},
    'company', case when ac.id is null then null else json_build_object('name', ac.name) end) order by a.id)
  from case_attachments a left join companies ac on ac.id = a.company_id where a.case_id = c.id)`;

/**
 * The case's log as the viewer's side sees it (internal notes of their own company, no notes for super admins or a
 * company without the feed), oldest first, each entry naming the item it added (CaseTimelineEntry).
 */
/** An `assigned` entry's owner as the entry named them (live messages build the same from the payload). */
const ASSIGNED_TO = `case when e.type = 'assigned' and e.payload->>'assignee_user_id' is not null then
    json_build_object('id', (e.payload->>'assignee_user_id')::int, 'full_name', e.payload->>'assignee_name') end`;

/** The owner on the viewer's side (null for a super admin or the token page: `viewer` is no side). */
const ASSIGNEE = `(select json_build_object('id', au.id, 'full_name', trim(au.first_name || ' ' || au.last_name))
  from users au where au.id = case when viewer.id = c.submitter_company_id then c.submitter_assignee_id
    when viewer.id = c.receiver_company_id then c.receiver_assignee_id end)`;

const TIMELINE = `(select json_agg(json_build_object('seq', e.seq, 'type', e.type, 'actor', e.actor_label,
    'at', ${isoUtc('e.created_at')}, 'response_id', (e.payload->>'response_id')::int,
    'note_id', (e.payload->>'note_id')::int,
    'attachment_ids', coalesce(e.payload->'attachment_ids',
      case when e.payload->'attachment_id' is not null then jsonb_build_array(e.payload->'attachment_id') end,
      '[]'::jsonb),
    'escalation_id', (e.payload->>'manager_request_id')::int,
    'assigned_to', ${ASSIGNED_TO}) order by e.seq)
  from case_events e
  where e.case_id = c.id and ${entryVisibleSql('e', `coalesce(${readerSideSql('c', 'viewer.id')}, 'staff')`)}
    and (e.type not in (${NOTE_ENTRY_TYPES.map((type) => `'${type}'`).join(', ')})
      or coalesce(viewer.allow_notes, false)))`;

/** The case's own columns and its customer data and responses, read from `c` and the joins of CASE_JOINS. */
const CASE_COLUMNS = `c.id, c.token, c.status, c.internal_case_number, c.summary, c.description, c.priority,
      sc.id as submitter_id, sc.name as submitter_name, sc.slug as submitter_slug,
      rc.id as receiver_id, rc.name as receiver_name, rc.slug as receiver_slug, dep.name as department,
      c.engineer_first_name, c.engineer_last_name, c.engineer_email, c.engineer_phone,
      c.engineer_phone_country_code, c.receiver_case_number, c.receiver_engineer_name, c.receiver_engineer_email,
      c.receiver_engineer_phone, c.customer_data_purged_at is not null as customer_data_purged,
      case when c.customer_data_purged_at is null then ${CUSTOMER_DATA} end as customer_data,
      ${RESPONSES} as responses,
      doc.id as document_id, doc.name as document_name, v.document_type, v.escalation_instructions,
      ${isoUtc('c.created_at')} as created_at, ${isoUtc('c.updated_at')} as updated_at,
      ${isoUtc('c.response_due_at')} as response_due_at, ${isoUtc('c.sla_paused_at')} as sla_paused_at,
      ${isoUtc('c.sla_stopped_at')} as sla_stopped_at, c.event_seq, c.is_test, c.turn`;

const CASE_JOINS = `join companies sc on sc.id = c.submitter_company_id
    join companies rc on rc.id = c.receiver_company_id
    left join departments dep on dep.id = c.receiver_department_id
    join contact_documents doc on doc.id = c.document_id
    join document_versions v on v.id = c.document_version_id`;

/** The statement and its parameters; no row means no such case for this viewer (404). */
export function caseDetailsQuery(lookup: CaseDetailsLookup): { sql: string; params: unknown[] } {
  const params: unknown[] = [lookup.viewerCompanyId ?? -1];
  const where = ['c.deleted_at is null'];
  if ('token' in lookup.by) {
    where.push('c.token = ?');
    params.push(lookup.by.token);
  } else {
    where.push('c.id = ?');
    params.push(lookup.by.id);
  }
  if (lookup.companyId !== null) {
    where.push('(c.submitter_company_id = ? or c.receiver_company_id = ?)');
    params.push(lookup.companyId, lookup.companyId);
  }
  const sql = `select ${CASE_COLUMNS},
      viewer.allow_notes,
      case when viewer.allow_notes then ${NOTES} end as notes,
      ${ATTACHMENTS} as attachments,
      ${caseEscalationsJson('c')} as escalations,
      ${TIMELINE} as timeline,
      ${ASSIGNEE} as assignee
    from cases c
    ${CASE_JOINS}
    left join companies viewer on viewer.id = ?
    where ${where.join(' and ')}`;
  // Placeholders in text order: the viewer's join, then the filters.
  return { sql, params };
}

/** Where a page of a company's cases starts: after this case, in (created_at, id) order. */
export interface CasePosition {
  /** created_at as ISO 8601 UTC text with microseconds: the column's full precision. */
  createdAt: string;
  id: number;
}

/** Which of a company's cases a page holds; dates are exclusive bounds. */
export interface CompanyCasesFilter {
  status?: CaseStatus;
  direction?: CaseDirection;
  /** The other company of the case. */
  partner?: number;
  createdAfter?: Date;
  createdBefore?: Date;
  updatedAfter?: Date;
  updatedBefore?: Date;
}

export type CasePageRecord = CaseEntryRecord & { position_at: string };

/**
 * Up to `limit` cases of a company's lists (both sides, LISTED_CASES) after a position, in (created_at, id) order,
 * each with what the case page shows but notes and attachments. Each side is a range scan of its partial
 * (company, created_at, id) index from the position on; the two are merged and only the page's rows are joined.
 */
export function companyCasesQuery(
  companyId: number,
  filter: CompanyCasesFilter,
  after: CasePosition | null,
  limit: number,
): Fragment {
  const shared: Fragment[] = [LISTED_CASES];
  if (filter.status) shared.push(fragment('c.status = ?', filter.status));
  if (filter.createdAfter) shared.push(fragment('c.created_at > ?', filter.createdAfter.toISOString()));
  if (filter.createdBefore) shared.push(fragment('c.created_at < ?', filter.createdBefore.toISOString()));
  if (filter.updatedAfter) shared.push(fragment('c.updated_at > ?', filter.updatedAfter.toISOString()));
  if (filter.updatedBefore) shared.push(fragment('c.updated_at < ?', filter.updatedBefore.toISOString()));
  if (after) shared.push(fragment('(c.created_at, c.id) > (?::timestamptz, ?)', after.createdAt, after.id));
  const sides = companySides(companyId);
  // The partner is the receiver of what the company sent, the submitter of what it received.
  const partnerColumn: Record<CaseDirection, string> = {
    outbound: 'c.receiver_company_id',
    inbound: 'c.submitter_company_id',
  };
  const directions = filter.direction ? [filter.direction] : (['outbound', 'inbound'] as const);
  const scans = directions.map((direction) => {
    const partner = filter.partner === undefined ? [] : [fragment(`${partnerColumn[direction]} = ?`, filter.partner)];
    const where = joinFragments([sides[direction], ...shared, ...partner], ' and ');
    return fragment(
      `(select c.id, c.created_at from cases c where ${where.sql} order by c.created_at, c.id limit ?)`,
      ...where.params,
      limit,
    );
  });
  const merged = joinFragments(scans, ' union all ');
  return fragment(
    `with page as (select p.id, p.created_at from (${merged.sql}) p order by p.created_at, p.id limit ?)
    select ${CASE_COLUMNS},
      to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as position_at
    from page
    join cases c on c.id = page.id
    ${CASE_JOINS}
    order by page.created_at, page.id`,
    ...merged.params,
    limit,
  );
}
