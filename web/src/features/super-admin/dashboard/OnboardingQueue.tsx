import { Link } from 'react-router-dom';
import { routePath, superAdminOnboardingApi, type OnboardingQueueRow } from '@casebridge/contracts';
import { queryErrorText, useApiQuery } from '../../../lib/queries';
import { DataTable, type DataColumn } from '../../../ui/DataTable';
import { formatBackOfficeDate } from '../../../lib/format';

/** 'pending_review' → 'pending review' (spec 3 §2.3: underscores shown as spaces). */
export const statusText = (status: string) => status.replace(/_/g, ' ');

/**
 * The dashboard's approval queue (spec 3 §2.3): onboarding sessions sent for review, then the latest decided ones.
 * Each row opens the review; the queue reloads live when an application arrives or is decided.
 */
export function OnboardingQueue() {
  // Arriving and decided applications are placed in the cached queue as they happen (lib/live-lists).
  const queue = useApiQuery(superAdminOnboardingApi.queue);

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
      {queue.isError && (
        <p className="notice notice-warning" role="alert">
          {queryErrorText(queue.error)}
        </p>
      )}
      <DataTable
        caption="Onboarding sessions for review"
        columns={columns}
        rows={queue.data?.queue ?? []}
        rowKey={(row) => row.id}
        utcNote
        loading={queue.isPending}
        emptyText="No onboarding sessions are waiting for review."
      />
    </section>
  );
}
