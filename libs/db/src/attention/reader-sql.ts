import {
  entryVisibleTo,
  READER_SIDES,
  type CaseEventType,
  type EntryVisibility,
  type ReaderSide,
} from '@casebridge/contracts';

/**
 * The SQL pieces every reader of attention shares, so that the counters on `cases`, the notification list and the
 * digest agree with entryVisibleTo (contracts) on what a side sees.
 */

/** The case's running count of entries a side can see, for a `side` column or expression. */
export function entriesOfSide(caseAlias: string, sideExpression: string): string {
  return `(case ${sideExpression} when 'submitter' then ${caseAlias}.entries_submitter
    when 'receiver' then ${caseAlias}.entries_receiver else ${caseAlias}.entries_staff end)`;
}

/** Whether an entry (alias of case_events) is shown to a side (alias of a side expression): entryVisibleTo in SQL. */
export function entryVisibleSql(eventAlias: string, sideExpression: string): string {
  return `(case when ${eventAlias}.visible_to is not null then ${eventAlias}.visible_to = ${sideExpression}
    else ${sideExpression} <> 'staff' or ${eventAlias}.type <> 'note_added' end)`;
}

/** How much one entry adds to each side's count (1 or 0). */
export function entryIncrements(entry: {
  type: CaseEventType;
  visibleTo: EntryVisibility;
}): Record<ReaderSide, number> {
  const increments = {} as Record<ReaderSide, number>;
  for (const side of READER_SIDES) increments[side] = entryVisibleTo(side, entry) ? 1 : 0;
  return increments;
}

/** The side of a user on a case: their company's, or staff for a super admin (company null); null if neither. */
export function readerSideSql(caseAlias: string, companyExpression: string): string {
  return `(case when ${companyExpression} is null then 'staff'
    when ${companyExpression} = ${caseAlias}.submitter_company_id then 'submitter'
    when ${companyExpression} = ${caseAlias}.receiver_company_id then 'receiver' end)`;
}

/** `(?, ?), (?, ?)`: the placeholders of a VALUES list of `rows` rows of `width` columns. */
export function valuesPlaceholders(rows: number, width: number, casts: readonly string[] = []): string {
  const one = `(${Array.from({ length: width }, (_, index) => `?${casts[index] ?? ''}`).join(', ')})`;
  return Array.from({ length: rows }, () => one).join(', ');
}

/** Answers given through a case's token link: the receiving side's, with no user behind them. */
export const TOKEN_ANSWER_TYPES = [
  'accepted',
  'rejected',
  'information_requested',
] as const satisfies readonly CaseEventType[];
