import { describe, expect, it } from '@jest/globals';
import type { OnboardingQueueRow } from './api/super-admin/onboarding';
import { placeOnboardingRow } from './queue-placement';

const row = (id: number, status: OnboardingQueueRow['status']): OnboardingQueueRow => ({
  id,
  company_name: `Company ${id}`,
  group_name: 'Group',
  status,
  created_at: '2026-11-01T00:00:00.000Z',
  sf_opportunity: null,
});
const ids = (rows: OnboardingQueueRow[]) => rows.map((item) => [item.id, item.status]);

describe('the approval queue placed live under its filter', () => {
  it('a decided application leaves the pending view', () => {
    const pending = [row(1, 'pending_review'), row(2, 'pending_review')];
    expect(ids(placeOnboardingRow(pending, row(1, 'approved'), false, 'pending_review'))).toEqual([
      [2, 'pending_review'],
    ]);
  });

  it('a newly sent application joins the pending view last (oldest first), never a decided view', () => {
    const pending = [row(1, 'pending_review')];
    expect(ids(placeOnboardingRow(pending, row(3, 'pending_review'), false, 'pending_review'))).toEqual([
      [1, 'pending_review'],
      [3, 'pending_review'],
    ]);
    const approved = [row(4, 'approved')];
    expect(placeOnboardingRow(approved, row(3, 'pending_review'), false, 'approved')).toEqual(approved);
  });

  it('a decision enters the view of that decision at the top (newest decision first), not the other one', () => {
    const approved = [row(4, 'approved'), row(5, 'approved')];
    expect(ids(placeOnboardingRow(approved, row(1, 'approved'), false, 'approved'))).toEqual([
      [1, 'approved'],
      [4, 'approved'],
      [5, 'approved'],
    ]);
    const rejected = [row(6, 'rejected')];
    expect(placeOnboardingRow(rejected, row(1, 'approved'), false, 'rejected')).toEqual(rejected);
  });

  it('all: waiting ones first, a decision moves to the top of the decided ones', () => {
    const all = [row(1, 'pending_review'), row(2, 'pending_review'), row(4, 'approved')];
    expect(ids(placeOnboardingRow(all, row(1, 'rejected'), false, 'all'))).toEqual([
      [2, 'pending_review'],
      [1, 'rejected'],
      [4, 'approved'],
    ]);
  });

  it('a row the server removes (back to a draft) leaves every view', () => {
    const all = [row(1, 'pending_review'), row(4, 'approved')];
    expect(ids(placeOnboardingRow(all, row(1, 'in_progress'), true, 'all'))).toEqual([[4, 'approved']]);
  });
});
