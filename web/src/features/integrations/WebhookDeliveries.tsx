import type { WebhookEndpointShape } from '@casebridge/contracts';
import { formatDateTimeUtc } from '../../lib/format';
import { DataTable, type DataColumn } from '../../ui/DataTable';
import { DELIVERY_STATUS_LABELS, eventLabel } from './labels';

type Delivery = WebhookEndpointShape['deliveries'][number];

const COLUMNS: DataColumn<Delivery>[] = [
  { key: 'created_at', header: 'Time', render: (row) => formatDateTimeUtc(row.created_at) },
  { key: 'event', header: 'Event', render: (row) => eventLabel(row.event) },
  { key: 'status', header: 'Status', render: (row) => DELIVERY_STATUS_LABELS[row.status] },
  { key: 'response_code', header: 'Status Code', render: (row) => row.response_code ?? '' },
  { key: 'attempts', header: 'Attempts', render: (row) => row.attempts },
];

/** The newest deliveries of one endpoint (the list call carries them). */
export function WebhookDeliveries({ endpoint }: { endpoint: WebhookEndpointShape }) {
  const titleId = `webhook-deliveries-${endpoint.id}`;
  return (
    <section className="card card-compact" aria-labelledby={titleId}>
      <h3 id={titleId}>Recent deliveries: {endpoint.url}</h3>
      <DataTable
        caption={`Recent deliveries of ${endpoint.url}`}
        columns={COLUMNS}
        rows={endpoint.deliveries}
        rowKey={(row) => row.id}
        utcNote
        emptyText="Nothing delivered yet."
      />
    </section>
  );
}
