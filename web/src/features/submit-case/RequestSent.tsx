import { Link } from 'react-router-dom';
import { PRIORITY_LABELS, routePath, type documentsApi, type ResponseOf } from '@casebridge/contracts';
import { formatDateTime } from '../../lib/format';
import { RichText } from '../../ui/RichText';

/** Replaces the case form once the request is sent: its details and the partner's escalation instructions. */
export function RequestSent({ sent }: { sent: ResponseOf<typeof documentsApi.collaborate> }) {
  const { case: submitted } = sent;
  return (
    <section className="card request-sent" aria-labelledby="request-sent-title">
      <h2 id="request-sent-title">Request Sent</h2>
      {submitted.is_sample && <p className="notice notice-warning">This was a sample submission.</p>}
      <dl className="detail-list">
        <dt>Case Number</dt>
        <dd>
          <Link to={routePath('case-info', { token: submitted.token })}>{submitted.internal_case_number}</Link>
        </dd>
        <dt>Receiver</dt>
        <dd>{submitted.receiver.name}</dd>
        <dt>Summary</dt>
        <dd>{submitted.summary}</dd>
        <dt>Priority</dt>
        <dd>{PRIORITY_LABELS[submitted.priority]}</dd>
        <dt>Date</dt>
        <dd>{formatDateTime(submitted.created_at)}</dd>
      </dl>
      {submitted.escalation_instructions && (
        <div className="escalation-instructions">
          <h3>Escalation Instructions</h3>
          <RichText html={submitted.escalation_instructions} />
        </div>
      )}
      <div className="form-actions">
        <Link className="button" to={routePath('case-info', { token: submitted.token })}>
          View Case
        </Link>
        <Link className="button button-secondary" to={routePath('dashboard')}>
          Back to Dashboard
        </Link>
      </div>
    </section>
  );
}
