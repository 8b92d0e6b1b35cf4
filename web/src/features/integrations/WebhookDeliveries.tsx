import { type WebhookEndpointShape } from '@casebridge/contracts';
import { API } from '../../lib/api-routes';
import { formatDateTimeUtc } from '../../lib/format';
import { useApiMutation } from '../../lib/mutations';
import { invalidateEndpoints } from '../../lib/queries';
import { DataTable, type DataColumn } from '../../ui/DataTable';
import { DELIVERY_STATUS_LABELS, eventLabel } from './labels';

type Delivery = WebhookEndpointShape['deliveries'][number];

/** Failed deliveries of the last week are what a fixed receiver usually wants again. */
const REDELIVER_FAILED_DAYS = 7;

/**
 * The newest deliveries of one endpoint (the list call carries them) with their last attempt, and sending again:
 * one delivery, or every failed one of the last week.
 */
export function WebhookDeliveries({ endpoint }: { endpoint: WebhookEndpointShape }) {
  const titleId = `webhook-deliveries-${endpoint.id}`;
  const changed = () => invalidateEndpoints(API.webhooks.list);
  const redeliverOne = useApiMutation(API.webhooks.redeliver, {
    loader: true,
    success: () => 'The delivery is being sent again.',
    onSuccess: () => void changed(),
  });
  const redeliverFailed = useApiMutation(API.webhooks.redeliverFailed, {
    loader: true,
    success: (answer) =>
      answer.redelivered === 0
        ? `No failed delivery in the last ${REDELIVER_FAILED_DAYS} days.`
        : `${answer.redelivered} failed deliveries are being sent again.`,
    onSuccess: () => void changed(),
  });

  const columns: DataColumn<Delivery>[] = [
    { key: 'created_at', header: 'Time', render: (row) => formatDateTimeUtc(row.created_at) },
    { key: 'event', header: 'Event', render: (row) => eventLabel(row.event) },
    { key: 'status', header: 'Status', render: (row) => DELIVERY_STATUS_LABELS[row.status] },
    { key: 'response_code', header: 'Status Code', render: (row) => row.response_code ?? '' },
    { key: 'attempts', header: 'Attempts', render: (row) => row.attempts },
    {
      key: 'duration_ms',
      header: 'Duration',
      render: (row) => (row.duration_ms === null ? '' : `${row.duration_ms} ms`),
    },
    { key: 'error', header: 'Error', render: (row) => row.error ?? '' },
    {
      key: 'redeliver',
      header: 'Send Again',
      className: 'cell-action',
      render: (row) =>
        row.status === 'pending' ? null : (
          <button
            type="button"
            className="button button-secondary button-small"
            aria-label={`Send delivery ${row.id} again`}
            onClick={() => redeliverOne.mutate({ params: { id: endpoint.id, deliveryId: row.id } })}
          >
            Send Again
          </button>
        ),
    },
  ];

  const since = () => new Date(Date.now() - REDELIVER_FAILED_DAYS * 24 * 3600_000).toISOString();
  return (
    <section className="card card-compact" aria-labelledby={titleId}>
      <h3 id={titleId}>Recent deliveries: {endpoint.url}</h3>
      <div className="form-actions">
        <button
          type="button"
          className="button button-secondary button-small"
          onClick={() => redeliverFailed.mutate({ params: { id: endpoint.id }, body: { since: since() } })}
        >
          Send Failed Deliveries Again
        </button>
      </div>
      <DataTable
        caption={`Recent deliveries of ${endpoint.url}`}
        columns={columns}
        rows={endpoint.deliveries}
        rowKey={(row) => row.id}
        utcNote
        emptyText="Nothing delivered yet."
      />
    </section>
  );
}
