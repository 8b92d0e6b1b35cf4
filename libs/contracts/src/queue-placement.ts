import type { OnboardingQueueFilter, OnboardingQueueRow } from './api/super-admin/onboarding';

/** Whether a queue row belongs under a filter (the server's rule, for rows placed live). */
export function onboardingRowShown(status: OnboardingQueueRow['status'], filter: OnboardingQueueFilter): boolean {
  if (filter === 'all') return status === 'pending_review' || status === 'approved' || status === 'rejected';
  return status === filter;
}

/**
 * Where a changed row goes in a short queue the client holds whole (registration and onboarding queues): rows
 * waiting for a decision first (oldest first), then decided ones (newest first). The web places live rows with it.
 */
export function settleQueueRow<Row extends { id: number }>(
  rows: readonly Row[],
  row: Row,
  removed: boolean,
  pending: (row: Row) => boolean,
): Row[] {
  const at = rows.findIndex((existing) => existing.id === row.id);
  if (removed) return rows.filter((existing) => existing.id !== row.id);
  // Still in the same part of the queue: it keeps its place.
  if (at >= 0 && pending(row) === pending(rows[at]))
    return rows.map((existing, index) => (index === at ? row : existing));
  const others = rows.filter((existing) => existing.id !== row.id);
  const firstDecided = others.findIndex((existing) => !pending(existing));
  const cut = firstDecided < 0 ? others.length : firstDecided;
  return [...others.slice(0, cut), row, ...others.slice(cut)];
}

/**
 * The approval queue under one filter after a row changed: a row the filter does not show (a decided application
 * in the pending view, a pending one among the approved) leaves it; one it shows takes its place.
 */
export function placeOnboardingRow(
  rows: readonly OnboardingQueueRow[],
  row: OnboardingQueueRow,
  removed: boolean,
  filter: OnboardingQueueFilter,
): OnboardingQueueRow[] {
  const hidden = removed || !onboardingRowShown(row.status, filter);
  return settleQueueRow(rows, row, hidden, (item) => item.status === 'pending_review');
}
