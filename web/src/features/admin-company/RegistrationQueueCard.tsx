import { adminCompanyApi, superAdminUsersApi, type ResponseOf } from '@casebridge/contracts';
import { alerts } from '../../app/alerts-store';
import { errorMessage } from '../../lib/api-error';
import { apiKey, queryClient, queryErrorText, useApiQuery } from '../../lib/queries';
import { DataTable, type DataColumn } from '../../ui/DataTable';
import { withLoader } from '../../ui/modal-store';

type RegistrationQueueEndpoint = typeof adminCompanyApi.registrationQueue | typeof superAdminUsersApi.registrationQueue;
type QueueRow<E extends RegistrationQueueEndpoint> = ResponseOf<E>['queue'][number];
type Decision = { success: boolean; message: string };

interface RegistrationQueueCardProps<E extends RegistrationQueueEndpoint> {
  endpoint: E;
  titleId: string;
  title: string;
  /** The columns before Decision. */
  columns: DataColumn<QueueRow<E>>[];
  /** Sends the approval or rejection of one registration. */
  send: (id: number, approve: boolean) => Promise<Decision>;
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
  send,
  onApproved,
  utcNote,
}: RegistrationQueueCardProps<E>) {
  const queue = useRegistrationQueue(endpoint);

  const decide = async (row: QueueRow<E>, approve: boolean) => {
    const done = await decideRegistration(() => send(row.id, approve));
    if (done && approve) onApproved();
    if (done) queue.settle(row.id);
  };

  const decisionColumn: DataColumn<QueueRow<E>> = {
    key: 'actions',
    header: 'Decision',
    render: (row) => (
      <DecisionButtons name={`${row.first_name} ${row.last_name}`} onDecide={(approve) => void decide(row, approve)} />
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

/** Approves or rejects one registration and shows the server's answer; true when it was approved. */
async function decideRegistration(send: () => Promise<{ success: boolean; message: string }>): Promise<boolean> {
  try {
    const answer = await withLoader(send());
    alerts.show(answer.message, answer.success ? 'success' : 'warning');
    return answer.success;
  } catch (error) {
    alerts.show(errorMessage(error), 'warning');
    return false;
  }
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
