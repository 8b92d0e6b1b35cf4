import type { z } from 'zod';
import type { ManagerRequestShape, ManagerResponseShape } from '@casebridge/contracts';
import { formatDateTime } from '../../../lib/format';
import '../cases.css';

type ManagerRequest = z.infer<typeof ManagerRequestShape>;
type ManagerResponse = z.infer<typeof ManagerResponseShape>;

/** The escalation as the submitting company sent it. */
export function ManagerRequestDetails({ request }: { request: ManagerRequest }) {
  return (
    <section className="card" aria-labelledby="manager-request-title">
      <h2 id="manager-request-title">Escalation Request</h2>
      <dl className="case-facts">
        <dt>Submitting Company</dt>
        <dd>{request.submitting_company.name}</dd>
        <dt>Receiving Company</dt>
        <dd>{request.receiving_company.name}</dd>
        <dt>Process</dt>
        <dd>{request.document.name}</dd>
        <dt>Internal Reference</dt>
        <dd>{request.internal_reference}</dd>
        <dt>Vendor Reference</dt>
        <dd>{request.vendor_reference || '—'}</dd>
        <dt>Submitted</dt>
        <dd>{formatDateTime(request.created_at)}</dd>
        <dt>Contact</dt>
        <dd>
          {request.first_name} {request.last_name}
          <br />
          <a href={`mailto:${request.email}`}>{request.email}</a>
          {request.phone && (
            <>
              <br />
              {request.phone}
            </>
          )}
        </dd>
        {request.escalation_type && (
          <>
            <dt>Escalation Type</dt>
            <dd>{request.escalation_type}</dd>
          </>
        )}
        <dt>Business Impact</dt>
        <dd className="pre-wrap">{request.business_impact}</dd>
        <dt>Notes</dt>
        <dd className="pre-wrap">{request.notes || '—'}</dd>
      </dl>
    </section>
  );
}

/** Answers already given by the receiving company's managers, oldest first. */
export function ManagerResponses({ responses }: { responses: ManagerResponse[] }) {
  return (
    <section className="card" aria-labelledby="manager-responses-title">
      <h2 id="manager-responses-title">Responses</h2>
      {responses.length === 0 ? (
        <p className="muted">No responses yet.</p>
      ) : (
        <ol className="response-list">
          {responses.map((response) => (
            <li key={response.id} className="response-item">
              <p>
                <strong>
                  {response.first_name} {response.last_name}
                </strong>{' '}
                <span className="muted small">{formatDateTime(response.created_at)}</span>
              </p>
              <p className="muted small">
                <a href={`mailto:${response.email}`}>{response.email}</a>
                {response.phone && <> · {response.phone}</>}
                {response.internal_reference && <> · Reference {response.internal_reference}</>}
                {response.escalation_type && <> · {response.escalation_type}</>}
              </p>
              {response.notes && <p className="pre-wrap">{response.notes}</p>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
