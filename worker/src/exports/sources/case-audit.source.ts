import { UnrecoverableError } from 'bullmq';
import { numberParam } from '../export-params';
import { cursorText, EXPORT_PAGE_SIZE, keysetPages, type ExportCell, type ExportSource } from '../export-source';

interface TimelineRecord {
  entry: string;
  ord: number;
  id: number;
  cursor_at: string;
  seq: number | null;
  type: string;
  who: string | null;
  details: string | null;
  payload: unknown;
}

const userName = (alias: string) => `nullif(trim(concat_ws(' ', ${alias}.first_name, ${alias}.last_name)), '')`;
/** Rich text of notes and responses as plain text for a cell. */
const plain = (expression: string) => `regexp_replace(coalesce(${expression}, ''), '<[^>]*>', ' ', 'g')`;

/**
 * Everything that happened on a case in time order: its events (with their sequence numbers), responses,
 * collaboration-feed notes and attachments. `ord` breaks ties between entries of the same moment, and
 * (at, ord, id) is the keyset the pages resume from. Internal notes and their entries are only in the timeline of
 * the author's side (the `side` placeholders); a super admin's has none.
 */
const TIMELINE_SQL = `
  select * from (
    select 'Event' as entry, 1 as ord, e.id, e.created_at as at, e.seq, e.type,
        coalesce(e.actor_label, ${userName('eu')}) as who, null as details, e.payload
      from case_events e left join users eu on eu.id = e.actor_user_id
      where e.case_id = ? and (e.visible_to is null or e.visible_to = ?)
    union all
    select 'Response', 2, r.id, r.created_at, null, r.type,
        coalesce(r.engineer_name, r.reviewer_name, ${userName('ru')}, rco.name),
        nullif(trim(concat_ws(' | ',
          case when r.case_number is not null then 'Case#: ' || r.case_number end,
          case when r.engineer_email is not null then 'Engineer: ' || r.engineer_email end,
          nullif(trim(${plain('r.next_steps')}), ''),
          nullif(trim(${plain('r.additional_information')}), ''))), ''),
        null
      from case_responses r
      left join users ru on ru.id = r.user_id
      left join companies rco on rco.id = r.company_id
      where r.case_id = ?
    union all
    select 'Note', 3, n.id, n.created_at, null, 'note', n.creator_name,
        nullif(trim(concat_ws(' | ', n.summary, nullif(trim(${plain('n.description')}), ''))), ''), null
      from case_notes n
      join cases nc on nc.id = n.case_id
      where n.case_id = ? and n.deleted_at is null
        and (n.visibility = 'partner'
          or n.company_id = case ? when 'submitter' then nc.submitter_company_id
            when 'receiver' then nc.receiver_company_id end)
    union all
    select 'Attachment', 4, a.id, a.created_at, null, 'attachment', coalesce(${userName('au')}, aco.name),
        concat_ws(' | ', a.original_filename || ' (' || a.size_bytes || ' bytes)', a.description), null
      from case_attachments a
      left join users au on au.id = a.user_id
      left join companies aco on aco.id = a.company_id
      where a.case_id = ?
  ) timeline`;

/** An event payload as "key: value; key: value" (payloads never hold customer data). */
export function describePayload(payload: unknown): string {
  if (payload === null || payload === undefined) return '';
  const value: unknown = typeof payload === 'string' ? safeJson(payload) : payload;
  if (typeof value !== 'object' || value === null) return String(value);
  return Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== null && item !== undefined && item !== '')
    .map(([key, item]) => `${key}: ${typeof item === 'object' ? JSON.stringify(item) : String(item)}`)
    .join('; ');
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export const caseAuditSource: ExportSource = {
  sheetName: 'Audit Timeline',
  columns: [
    { header: 'Seq', width: 6 },
    { header: 'When (UTC)', width: 20, date: true },
    { header: 'Entry', width: 12 },
    { header: 'Type', width: 22 },
    { header: 'Who', width: 28 },
    { header: 'Details', width: 80 },
  ],

  async fileStem(em, params) {
    const caseId = numberParam(params, 'case_id');
    const [kase] = await em.execute<{ internal_case_number: string }[]>(
      'select internal_case_number from cases where id = ? and deleted_at is null',
      [caseId],
    );
    if (!kase) throw new UnrecoverableError('The case of this export no longer exists.');
    return `case-${kase.internal_case_number}-audit`;
  },

  async *pages(em, params) {
    const caseId = numberParam(params, 'case_id');
    // Exports asked before sides were stored, and super admins', hold no internal notes.
    const side = params.side === 'submitter' || params.side === 'receiver' ? params.side : 'none';
    const fetch = (cursor: { at: string; ord: number; id: number } | null) => {
      const after = cursor ? 'where (timeline.at, timeline.ord, timeline.id) > (?::timestamptz, ?, ?)' : '';
      return em.execute<TimelineRecord[]>(
        `select timeline.entry, timeline.ord, timeline.id, ${cursorText('timeline.at')} as cursor_at,
            timeline.seq, timeline.type, timeline.who, timeline.details, timeline.payload
          from (${TIMELINE_SQL}) timeline ${after}
          order by timeline.at, timeline.ord, timeline.id
          limit ?`,
        [
          ...[caseId, side, caseId, caseId, side, caseId],
          ...(cursor ? [cursor.at, cursor.ord, cursor.id] : []),
          EXPORT_PAGE_SIZE,
        ],
      );
    };
    for await (const records of keysetPages(fetch, (last) => ({ at: last.cursor_at, ord: last.ord, id: last.id }))) {
      yield records.map((record): ExportCell[] => [
        record.seq,
        new Date(record.cursor_at),
        record.entry,
        record.type,
        record.who,
        record.entry === 'Event' ? describePayload(record.payload) : record.details,
      ]);
    }
  },
};
