import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  ONBOARDING_QUEUE_FILTER_LABELS,
  ONBOARDING_QUEUE_FILTERS,
  routePath,
  type OnboardingQueueFilter,
  type OnboardingQueueRow,
} from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';
import { queryErrorText, useApiQuery } from '../../../lib/queries';
import { DataTable, type DataColumn } from '../../../ui/DataTable';
import { formatBackOfficeDate } from '../../../lib/format';

/** 'pending_review' → 'pending review': a status shows its underscores as spaces. */
export const statusText = (status: string) => status.replace(/_/g, ' ');

const EMPTY_TEXT: Record<OnboardingQueueFilter, string> = {
  pending_review: 'No onboarding sessions are waiting for review.',
  approved: 'No approved onboarding sessions.',
  rejected: 'No rejected onboarding sessions.',
  all: 'No onboarding sessions.',
};

/**
 * The dashboard's approval queue: the onboarding sessions waiting for review, or on demand the
 * latest decided ones. Each row opens the review; arriving and decided applications are placed live in every
 * cached filter they belong to (lib/live-lists), so a decided one leaves the pending view.
 */
export function OnboardingQueue() {
  const [filter, setFilter] = useState<OnboardingQueueFilter>('pending_review');
  const queue = useApiQuery(API.superAdminOnboarding.queue, { query: { status: filter } });

  const review = (row: OnboardingQueueRow) => routePath('super_admin.onboarding.session', { session_id: row.id });
  const columns: DataColumn<OnboardingQueueRow>[] = [
    {
      key: 'company',
      header: 'Company',
      render: (row) => (
        <Link to={review(row)} aria-label={`Review ${row.company_name}`}>
          {row.company_name}
        </Link>
      ),
    },
    { key: 'group', header: 'Group', render: (row) => row.group_name },
    {
      key: 'status',
      header: 'Status',
      render: (row) => <span className={`status-badge onboarding-${row.status}`}>{statusText(row.status)}</span>,
    },
    { key: 'created_at', header: 'Created', render: (row) => formatBackOfficeDate(row.created_at) },
    { key: 'sf_opportunity', header: 'Opportunity', render: (row) => row.sf_opportunity ?? '' },
    {
      key: 'open',
      header: 'Review',
      render: (row) => (
        <Link className="button button-small" to={review(row)}>
          Open
        </Link>
      ),
    },
  ];

  return (
    <section className="card" aria-labelledby="sa-onboarding-queue-title">
      <h2 id="sa-onboarding-queue-title">Approval Queue</h2>
      <div className="toolbar">
        <fieldset className="choice-group">
          <legend>Show</legend>
          {ONBOARDING_QUEUE_FILTERS.map((value) => (
            <label key={value} className="choice">
              <input
                type="radio"
                name="onboarding-queue-filter"
                value={value}
                checked={filter === value}
                onChange={() => setFilter(value)}
              />{' '}
              {ONBOARDING_QUEUE_FILTER_LABELS[value]}
            </label>
          ))}
        </fieldset>
      </div>
      {queue.isError && (
        <p className="notice notice-warning" role="alert">
          {queryErrorText(queue.error)}
        </p>
      )}
      <DataTable
        caption={`Onboarding sessions: ${ONBOARDING_QUEUE_FILTER_LABELS[filter].toLowerCase()}`}
        columns={columns}
        rows={queue.data?.queue ?? []}
        rowKey={(row) => row.id}
        utcNote
        loading={queue.isPending}
        emptyText={EMPTY_TEXT[filter]}
      />
    </section>
  );
}
