import type { CaseListRow } from '@casebridge/contracts';
import './attention.css';

/** Entries of the case the viewer has not seen; 0 when they have no read position in it (no mark). */
export function unreadOf(row: Pick<CaseListRow, 'entry_count' | 'read_count'>): number {
  if (row.read_count === null || row.read_count === undefined) return 0;
  return Math.max(row.entry_count - row.read_count, 0);
}

/** A row class for the case tables: unread rows are bold. */
export function unreadRowClass(row: Pick<CaseListRow, 'entry_count' | 'read_count'>): string | undefined {
  return unreadOf(row) > 0 ? 'unread-row' : undefined;
}

/** "3 new" beside a case number, while the viewer has unseen entries in the case. */
export function UnreadMark({ row }: { row: Pick<CaseListRow, 'entry_count' | 'read_count'> }) {
  const unread = unreadOf(row);
  if (unread === 0) return null;
  return (
    <span className="unread-badge">
      {unread} new<span className="visually-hidden"> {unread === 1 ? 'entry' : 'entries'}</span>
    </span>
  );
}
