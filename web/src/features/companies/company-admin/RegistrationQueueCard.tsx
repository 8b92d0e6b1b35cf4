import { type ResponseOf } from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';
import { alerts } from '../../../app/alerts-store';
import { useApiMutation } from '../../../lib/mutations';
import { apiKey, queryClient, queryErrorText, useApiQuery } from '../../../lib/queries';
import { DataTable, type DataColumn } from '../../../ui/DataTable';

type RegistrationQueueEndpoint =
  typeof API.adminCompany.registrationQueue | typeof API.superAdminUsers.registrationQueue;
type QueueRow<E extends RegistrationQueueEndpoint> = ResponseOf<E>['queue'][number];
/** Every queue's approve and reject endpoints take the registration's id and answer alike. */
type DecisionEndpoint = typeof API.adminCompany.approveRegistration;
type Decision = ResponseOf<DecisionEndpoint>;

interface RegistrationQueueCardProps<E extends RegistrationQueueEndpoint> {
  endpoint: E;
  titleId: string;
  title: string;
  /** The columns before Decision. */
  columns: DataColumn<QueueRow<E>>[];
  /** Decide one registration (path parameter id). */
  approveEndpoint: DecisionEndpoint;
  rejectEndpoint: DecisionEndpoint;
  /** After an approval: the user joins the company's users. */
  onApproved: () => void;
  utcNote?: boolean;
}

/**
 * A registration queue card (company admins' users page, back office dashboard). A decision here drops the row at
 * once; new registrations and decisions made elsewhere (mail link, another admin) arrive as live rows.
 */
export function RegistrationQueueCard<E extends RegistrationQueueEndpoint>({
  endpoint,
  titleId,
  title,
  columns,
  approveEndpoint,
  rejectEndpoint,
  onApproved,
  utcNote,
}: RegistrationQueueCardProps<E>) {
  const queue = useRegistrationQueue(endpoint);

  // The server's answer either way: a decision it refused (already decided elsewhere) is a warning.
  const decisionOptions = {
    loader: true,
    onSuccess: (answer: Decision) => alerts.show(answer.message, answer.success ? 'success' : 'warning'),
  };
  const approve = useApiMutation(approveEndpoint, decisionOptions);
  const reject = useApiMutation(rejectEndpoint, decisionOptions);

  const decide = (row: QueueRow<E>, approved: boolean) =>
    (approved ? approve : reject).mutate(
      { params: { id: row.id } },
      {
        onSuccess: (answer) => {
          if (!answer.success) return;
          if (approved) onApproved();
          queue.settle(row.id);
        },
      },
    );

  const decisionColumn: DataColumn<QueueRow<E>> = {
    key: 'actions',
    header: 'Decision',
    render: (row) => (
      <DecisionButtons name={`${row.first_name} ${row.last_name}`} onDecide={(approved) => decide(row, approved)} />
    ),
  };

  return (
    <section className="card" aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      {queue.error && (
        <p className="notice notice-warning" role="alert">
          {queue.error}
        </p>
      )}
      <DataTable
        caption="Registrations waiting for approval"
        columns={[...columns, decisionColumn]}
        rows={queue.rows}
        rowKey={(row) => row.id}
        utcNote={utcNote}
        loading={queue.firstLoad}
        emptyText="No registrations are waiting for approval."
      />
    </section>
  );
}

/**
 * A registration queue, kept current by its live rows (lib/live-lists): a registration arriving, or decided by mail
 * link or by another admin, changes the cached queue without a request. `settle` drops a row decided here at once.
 */
function useRegistrationQueue<E extends RegistrationQueueEndpoint>(endpoint: E) {
  const query = useApiQuery(endpoint);
  const settle = (id: number) =>
    queryClient.setQueryData<{ queue: { id: number }[] }>(apiKey(endpoint), (answer) =>
      answer ? { queue: answer.queue.filter((row) => row.id !== id) } : answer,
    );
  return {
    rows: (query.data?.queue ?? []) as ResponseOf<E>['queue'],
    error: query.isError ? queryErrorText(query.error) : null,
    firstLoad: query.isPending,
    settle,
  };
}

/** The Approve and Reject buttons of a queued registration. */
function DecisionButtons({ name, onDecide }: { name: string; onDecide: (approve: boolean) => void }) {
  return (
    <div className="row-actions">
      <button
        type="button"
        className="button button-small"
        aria-label={`Approve ${name}`}
        onClick={() => onDecide(true)}
      >
        Approve
      </button>
      <button
        type="button"
        className="button button-danger button-small"
        aria-label={`Reject ${name}`}
        onClick={() => onDecide(false)}
      >
        Reject
      </button>
    </div>
  );
}
