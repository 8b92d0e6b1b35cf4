import type {
  CaseAssignee,
  CaseAttachmentShape,
  CaseNoteShape,
  CaseResponseShape,
  CaseStatus,
  CaseTurn,
  NoteVisibility,
  Priority,
  ResponseType,
} from '@casebridge/contracts';

/** Runs one SQL statement (knex-style `?` placeholders) and answers its rows; api and worker each pass theirs. */
export type SqlRunner = <T extends object>(sql: string, params: readonly unknown[]) => Promise<T[]>;

/** ISO-8601 UTC with milliseconds, exactly as the REST answers write instants (Date#toISOString). */
export const iso = (expression: string) => `to_char(${expression} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A user as an owner of a case ({id, full_name}), or null. */
const assignee = (idExpression: string) =>
  `(select json_build_object('id', u.id, 'full_name', trim(u.first_name || ' ' || u.last_name))
    from users u where u.id = ${idExpression})`;

/** `?, ?, ?` for `count` values, for an `in (...)` list. */
export const placeholders = (count: number) => Array.from({ length: count }, () => '?').join(', ');

/** What the live messages of a case's events are built from: the case row after the events, in one read. */
export interface CaseSnapshot {
  id: number;
  token: string;
  status: CaseStatus;
  internal_case_number: string;
  summary: string;
  priority: Priority;
  is_sample: boolean;
  is_test: boolean;
  deleted: boolean;
  submitter_user_id: number | null;
  submitter_company_id: number;
  submitter_company_name: string;
  submitter_allow_notes: boolean;
  receiver_company_id: number;
  receiver_company_name: string;
  receiver_allow_notes: boolean;
  engineer_first_name: string;
  engineer_last_name: string;
  engineer_email: string;
  engineer_phone: string | null;
  engineer_phone_country_code: string;
  receiver_case_number: string | null;
  receiver_engineer_name: string | null;
  receiver_engineer_email: string | null;
  receiver_engineer_phone: string | null;
  event_seq: number;
  /** The entries each side can see (attention's counters). */
  entries_submitter: number;
  entries_receiver: number;
  entries_staff: number;
  /** Whose move the case waits for (null: nobody's). */
  turn: CaseTurn | null;
  /** Each side's owner of the case. */
  submitter_assignee: CaseAssignee | null;
  receiver_assignee: CaseAssignee | null;
  created_at: string;
  updated_at: string;
  response_due_at: string | null;
  sla_paused_at: string | null;
  sla_stopped_at: string | null;
  late_at: string | null;
  respond_date: string | null;
  responses: { type: ResponseType; created_at: string }[];
  document_id: number;
  document_name: string;
  document_company_id: number;
  document_type: string;
}

/**
 * The snapshot row (CaseSnapshot) of each case `where` keeps (`c`: the cases row), as one select; `from`: where the
 * cases rows come from (a statement that has just updated the case reads the row its update returned).
 */
export function caseSnapshotsSql(where: string, from = 'cases'): string {
  return `select c.id, c.token, c.status, c.internal_case_number, c.summary, c.priority, c.is_sample, c.is_test,
        c.deleted_at is not null as deleted, c.submitter_user_id,
        sc.id as submitter_company_id, sc.name as submitter_company_name, sc.allow_notes as submitter_allow_notes,
        rc.id as receiver_company_id, rc.name as receiver_company_name, rc.allow_notes as receiver_allow_notes,
        c.engineer_first_name, c.engineer_last_name, c.engineer_email, c.engineer_phone,
        c.engineer_phone_country_code, c.receiver_case_number, c.receiver_engineer_name,
        c.receiver_engineer_email, c.receiver_engineer_phone, c.event_seq,
        c.entries_submitter, c.entries_receiver, c.entries_staff, c.turn,
        ${assignee('c.submitter_assignee_id')} as submitter_assignee,
        ${assignee('c.receiver_assignee_id')} as receiver_assignee,
        ${iso('c.created_at')} as created_at, ${iso('c.updated_at')} as updated_at,
        ${iso('c.response_due_at')} as response_due_at, ${iso('c.sla_paused_at')} as sla_paused_at,
        ${iso('c.sla_stopped_at')} as sla_stopped_at, ${iso('c.late_at')} as late_at,
        ${iso('(select min(r.created_at) from case_responses r where r.case_id = c.id)')} as respond_date,
        coalesce((select json_agg(json_build_object('type', r.type, 'created_at', ${iso('r.created_at')})
          order by r.created_at, r.id) from case_responses r where r.case_id = c.id), '[]') as responses,
        d.id as document_id, d.name as document_name, d.company_id as document_company_id,
        v.document_type
      from ${from} c
      join companies sc on sc.id = c.submitter_company_id
      join companies rc on rc.id = c.receiver_company_id
      join contact_documents d on d.id = c.document_id
      join document_versions v on v.id = c.document_version_id
      where ${where}`;
}

export async function loadCaseSnapshots(
  run: SqlRunner,
  caseIds: readonly number[],
): Promise<Map<number, CaseSnapshot>> {
  if (caseIds.length === 0) return new Map();
  const rows = await run<CaseSnapshot>(caseSnapshotsSql(`c.id in (${placeholders(caseIds.length)})`), caseIds);
  return new Map(rows.map((row) => [row.id, row]));
}

/** The items events point at (payload note_id, response_id, attachment_id), each kind in one read. */
export interface CaseEventItems {
  notes: Map<number, CaseNoteShape>;
  responses: Map<number, CaseResponseShape>;
  attachments: Map<number, CaseAttachmentShape>;
}

/** The notes `where` keeps (`n`: case_notes), as NoteRecord rows. */
export function noteRecordsSql(where: string): string {
  return `select n.id, n.summary, n.description, ${iso('n.created_at')} as created_at, n.creator_name,
      n.visibility, u.id as user_id, trim(u.first_name || ' ' || u.last_name) as user_full_name,
      co.name as company_name, co.url as company_url
    from case_notes n
    left join users u on u.id = n.user_id
    left join companies co on co.id = n.company_id
    where n.deleted_at is null and ${where}`;
}

/** The responses `where` keeps (`r`: case_responses), as CaseResponseShape rows. */
export function responseRowsSql(where: string): string {
  return `select r.id, r.type, r.case_number, r.engineer_name, r.engineer_email, r.engineer_phone, r.reviewer_name,
      r.reviewer_email, r.next_steps, r.additional_information, ${iso('r.created_at')} as created_at
    from case_responses r where ${where}`;
}

/** The attachments `where` keeps (`a`: case_attachments), as AttachmentRecord rows. */
export function attachmentRecordsSql(where: string): string {
  return `select a.id, a.original_filename, a.size_bytes::float8 as size_bytes, a.description, a.upload_state,
      ${iso('a.created_at')} as created_at, co.name as company_name
    from case_attachments a left join companies co on co.id = a.company_id
    where ${where}`;
}

export interface NoteRecord {
  id: number;
  summary: string | null;
  description: string | null;
  created_at: string;
  creator_name: string;
  user_id: number | null;
  user_full_name: string | null;
  company_name: string | null;
  company_url: string | null;
  visibility: NoteVisibility;
}

export interface AttachmentRecord extends Omit<CaseAttachmentShape, 'company'> {
  company_name: string | null;
}

export function toNote(row: NoteRecord): CaseNoteShape {
  return {
    id: row.id,
    summary: row.summary,
    description: row.description,
    created_at: row.created_at,
    creator_name: row.creator_name,
    user: row.user_id === null ? null : { full_name: row.user_full_name ?? '' },
    company: row.company_name === null ? null : { name: row.company_name, url: row.company_url },
    visibility: row.visibility,
  };
}

export function toAttachment({ company_name, ...row }: AttachmentRecord): CaseAttachmentShape {
  return { ...row, company: company_name === null ? null : { name: company_name } };
}
