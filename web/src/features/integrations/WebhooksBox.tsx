import { useState } from 'react';
import { type WebhookEndpointShape, type WebhookSecretResponse } from '@casebridge/contracts';
import { API } from '../../lib/api-routes';
import { formatDateTimeUtc } from '../../lib/format';
import { useApiMutation } from '../../lib/mutations';
import { invalidateEndpoints, queryErrorText, useApiQuery } from '../../lib/queries';
import { DataTable, type DataColumn } from '../../ui/DataTable';
import { useConfirm } from '../../ui/modal-store';
import { AddWebhookModal } from './AddWebhookModal';
import { OneTimeSecretModal } from './OneTimeSecretModal';
import { WebhookDeliveries } from './WebhookDeliveries';
import { DELIVERY_STATUS_LABELS, eventLabel } from './labels';

/** On, on but failing, or off with the reason the worker gave ("Disabled after failing for 3 days"). */
function activeState(endpoint: WebhookEndpointShape): string {
  if (!endpoint.active) {
    const since = endpoint.disabled_at ? ` (${formatDateTimeUtc(endpoint.disabled_at)})` : '';
    return `${endpoint.disabled_reason ?? 'No'}${since}`;
  }
  return endpoint.failing_since ? `Yes, failing since ${formatDateTimeUtc(endpoint.failing_since)}` : 'Yes';
}

function lastDelivery(endpoint: WebhookEndpointShape): string {
  const last = endpoint.deliveries[0];
  if (!last) return 'None yet';
  const code = last.response_code ? ` (${last.response_code})` : '';
  return `${DELIVERY_STATUS_LABELS[last.status]}${code}, ${formatDateTimeUtc(last.created_at)}`;
}

/** The company's webhook endpoints: add, rotate the secret, delete, and their recent deliveries. */
export function WebhooksBox() {
  const confirm = useConfirm();
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<{ title: string; value: string } | null>(null);
  const [openDeliveries, setOpenDeliveries] = useState<number | null>(null);
  const endpoints = useApiQuery(API.webhooks.list);
  const changed = () => invalidateEndpoints(API.webhooks.list);
  const rows = endpoints.data?.endpoints ?? [];
  const shownDeliveries = rows.find((row) => row.id === openDeliveries) ?? null;

  const showSecret = (title: string, answer: WebhookSecretResponse) => {
    setSecret({ title, value: answer.secret });
    void changed();
  };

  const rotateSecret = useApiMutation(API.webhooks.rotate, {
    loader: true,
    onSuccess: (answer) => showSecret('New Signing Secret', answer),
  });
  const rotate = async (row: WebhookEndpointShape) => {
    const question = `Replace the signing secret of ${row.url}? The old secret stops working at once.`;
    if (!(await confirm(question, { confirmLabel: 'Rotate Secret' }))) return;
    rotateSecret.mutate({ params: { id: row.id } });
  };

  const enableEndpoint = useApiMutation(API.webhooks.enable, {
    loader: true,
    success: 'The webhook endpoint is enabled again.',
    onSuccess: () => void changed(),
  });

  const deleteEndpoint = useApiMutation(API.webhooks.delete, {
    loader: true,
    success: 'The webhook endpoint has been deleted.',
    onSuccess: () => void changed(),
  });
  const remove = async (row: WebhookEndpointShape) => {
    if (!(await confirm(`Delete the endpoint ${row.url} and its delivery history?`, { confirmLabel: 'Delete' }))) {
      return;
    }
    deleteEndpoint.mutate(
      { params: { id: row.id } },
      { onSuccess: () => setOpenDeliveries((open) => (open === row.id ? null : open)) },
    );
  };

  const columns: DataColumn<WebhookEndpointShape>[] = [
    { key: 'url', header: 'Url', render: (row) => <code>{row.url}</code> },
    {
      key: 'events',
      header: 'Events',
      render: (row) => (row.events ? row.events.map(eventLabel).join(', ') : 'All events'),
    },
    { key: 'active', header: 'Active', render: activeState },
    { key: 'last_delivery', header: 'Last Delivery', render: lastDelivery },
    {
      key: 'actions',
      header: 'Actions',
      className: 'cell-action',
      render: (row) => (
        <div>
          {!row.active && (
            <>
              <button
                type="button"
                className="button button-small"
                aria-label={`Enable ${row.url}`}
                onClick={() => enableEndpoint.mutate({ params: { id: row.id } })}
              >
                Enable
              </button>{' '}
            </>
          )}
          <button
            type="button"
            className="button button-secondary button-small"
            aria-expanded={openDeliveries === row.id}
            aria-label={`Recent deliveries of ${row.url}`}
            onClick={() => setOpenDeliveries(openDeliveries === row.id ? null : row.id)}
          >
            Deliveries
          </button>{' '}
          <button
            type="button"
            className="button button-secondary button-small"
            aria-label={`Rotate secret of ${row.url}`}
            onClick={() => void rotate(row)}
          >
            Rotate Secret
          </button>{' '}
          <button
            type="button"
            className="button button-danger button-small"
            aria-label={`Delete ${row.url}`}
            onClick={() => void remove(row)}
          >
            Delete
          </button>
        </div>
      ),
    },
  ];

  return (
    <section className="card" aria-labelledby="webhooks-title">
      <div className="card-title">
        <h2 id="webhooks-title">Webhooks</h2>
        <button type="button" className="button" onClick={() => setAdding(true)}>
          Add Endpoint
        </button>
      </div>
      <p className="muted">
        Case events of your company&apos;s cases are POSTed to these addresses, signed with the endpoint&apos;s secret (
        <code>X-Casebridge-Signature: sha256=&lt;HMAC of the body&gt;</code>) and retried when they fail. Each
        case&apos;s events arrive in order. An endpoint that keeps failing for days is switched off (Active says why)
        and your company&apos;s admins are mailed; enable it again here once it works.
      </p>
      {endpoints.isError && (
        <p className="notice notice-warning" role="alert">
          {queryErrorText(endpoints.error)}
        </p>
      )}
      <DataTable
        caption="Webhook endpoints"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        loading={endpoints.isPending}
        utcNote
        emptyText="No webhook endpoints yet."
      />
      {shownDeliveries && <WebhookDeliveries endpoint={shownDeliveries} />}
      {adding && (
        <AddWebhookModal
          onClose={() => setAdding(false)}
          onCreated={(answer) => {
            setAdding(false);
            showSecret('Signing Secret', answer);
          }}
        />
      )}
      {secret && (
        <OneTimeSecretModal
          title={secret.title}
          label="Signing secret"
          secret={secret.value}
          onClose={() => setSecret(null)}
        />
      )}
    </section>
  );
}
