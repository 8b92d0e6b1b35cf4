import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PRIORITY_LABELS, routePath, type documentsApi, type ResponseOf } from '@casebridge/contracts';
import { formatDateTime } from '../../../lib/format';
import { RichText } from '../../../ui/RichText';
import './submit-case.css';

/** The new case as the Request Sent view shows it (the submit call's answer, or read again at the case's address). */
export type SentCase = ResponseOf<typeof documentsApi.collaborate>['case'];

interface RequestSentProps {
  submitted: SentCase;
  /** Replaces the default View Case and Back to Dashboard buttons. */
  actions?: ReactNode;
}

/**
 * Replaces the case form once the request is sent: its details and the partner's escalation instructions.
 * A checked-only sample (the admin's View/Test Form) has no case token, so nothing links to a case.
 */
export function RequestSent({ submitted, actions }: RequestSentProps) {
  const stored = submitted.token !== '';
  return (
    <section className="card request-sent" aria-labelledby="request-sent-title">
      <h2 id="request-sent-title">Request Sent</h2>
      {submitted.is_sample && <p className="notice notice-warning">This was a sample submission.</p>}
      <dl className="detail-list">
        <dt>Case Number</dt>
        <dd>
          {stored ? (
            <Link to={routePath('case-info', { token: submitted.token })}>{submitted.internal_case_number}</Link>
          ) : (
            submitted.internal_case_number
          )}
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
        {actions ?? (
          <>
            {stored && (
              <Link className="button" to={routePath('case-info', { token: submitted.token })}>
                View Case
              </Link>
            )}
            <Link className="button button-secondary" to={routePath('dashboard')}>
              Back to Dashboard
            </Link>
          </>
        )}
      </div>
    </section>
  );
}
